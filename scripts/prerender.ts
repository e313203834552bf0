/**
 * Draws the public pages to HTML after `vite build`, so a visitor sees the landing page, the legal texts and the
 * feature pages at the first paint instead of after the JavaScript has run. Each page is drawn by the app's own code
 * with React's server rendering (pwa/prerender-entry.tsx, built for Node by `vite build --ssr` into .tmp/ssr), signed
 * out, and saved as `dist/<name>.html` with the styles its route needs; the server serves those files for their paths
 * (sync-server/plugins/static-files.ts) and the app takes over from them (pwa/main.tsx). No browser is needed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prerenderedFileName, prerenderedPaths } from '../sync-server/plugins/static-files.ts';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const serverEntry = fileURLToPath(new URL('../.tmp/ssr/prerender-entry.js', import.meta.url));

/** Vite's build manifest: for each source module, its chunk's file, styles and static imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * Pages whose route draws a visitor's page from a chunk it fetches itself rather than imports: `/` signed out is the
 * landing page (features/marketing/landing/landing-page-loader.ts).
 */
const fetchedByRoute: Record<string, string[]> = { '/': ['features/marketing/landing/landing-page.tsx'] };

/**
 * The styles a page's route needs: its own chunk's, those of the chunks it fetches for a visitor, and those of every
 * chunk they import, in order, once each.
 */
function stylesOf(manifest: Manifest, path: string): string[] {
  const route = `routes/${path === '/' ? 'index' : path.slice(1)}.tsx?tsr-split=component`;
  const drawnBy = [route, ...(fetchedByRoute[path] ?? [])];
  const missing = drawnBy.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`the build manifest has no chunk for ${missing.join(', ')}`);
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const imported of chunk?.imports ?? []) visit(imported);
    for (const css of chunk?.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
  };
  drawnBy.forEach(visit);
  return styles;
}
const rootElement = '<div id="root"></div>';

const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * On a prerendered page the app's code is fetched and started only once the browser has painted the page. Left to
 * itself, the browser downloads the scripts (modulepreload) alongside the styles, so on a slow connection the page
 * waits for its styles behind 110 KB of JavaScript, and it often evaluates React and the app before the first
 * paint. The paint is learnt from a paint entry, not a timer (a page in a background tab never paints, and tests
 * take over timers); a hidden page, a browser without paint entries, or no paint within 3 s starts the app at once.
 * The server's Content-Security-Policy allows this inline script by its hash, like the theme script.
 */
function startAfterFirstPaint(shell: string): string {
  const entry = entryScript.exec(shell)?.[1];
  if (!entry) throw new Error('dist/index.html has no module entry script to defer');
  const starter = [
    'let started = false;',
    `const start = () => { if (!started) { started = true; import(${JSON.stringify(entry)}); } };`,
    "if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) start();",
    "else { new PerformanceObserver(start).observe({ type: 'paint', buffered: true }); setTimeout(start, 3000); }",
  ].join(' ');
  return shell
    .replace(entryScript, `<script type="module">${starter}</script>`)
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

async function main(): Promise<void> {
  const shell = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!shell.includes(rootElement)) throw new Error(`dist/index.html has no ${rootElement} to fill`);
  const prerenderedShell = startAfterFirstPaint(shell);
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const { render } = (await import(pathToFileURL(serverEntry).href)) as {
    render(path: string): Promise<{ html: string; title: string | null }>;
  };

  for (const path of prerenderedPaths) {
    const drawn = await render(path);
    // Moment-to-moment state (a scrolling row's offset) lives in style attributes, which the page's
    // Content-Security-Policy does not allow in markup; the app sets it again once it runs.
    const html = drawn.html.replace(/ style="[^"]*"/g, '');
    // The page's own styles (its route's chunks) load with the page, or the picture would be unstyled until the
    // JavaScript asks for them, and then jump into place.
    const missingStyles = stylesOf(manifest, path)
      .filter((href) => !shell.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
      .join('');
    const title = drawn.title ?? /<title>([^<]*)<\/title>/.exec(shell)?.[1] ?? 'Hearth';
    const pageHtml = prerenderedShell
      .replace('</head>', `${missingStyles}</head>`)
      // Inert until the app takes over: a click or a keystroke in the picture of a form would be lost.
      .replace(rootElement, `<div id="root"><div data-prerendered inert>${html}</div></div>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/</g, '&lt;')}</title>`);
    await writeFile(join(distDir, prerenderedFileName(path)), pageHtml);
    console.log(`prerender: ${path} -> dist/${prerenderedFileName(path)} (${Math.round(pageHtml.length / 1024)} KB)`);
  }
}

await main();
