/**
 * Draws the public pages to HTML after `vite build`, so a visitor sees the landing page, the legal texts and the
 * feature pages at the first paint instead of after the JavaScript has run. Each page is drawn by the app's own code
 * with React's server rendering (pwa/prerender-entry.tsx, built for Node by `vite build --ssr` into dist/.ssr), signed
 * out, and saved as `dist/<name>.html` with the styles its route needs; the server serves those files for their paths
 * (sync-server/plugins/static-files.ts) and the app takes over from them (pwa/main.tsx). No browser is needed.
 * The join page is drawn by the server for each invitation instead; this writes the page it draws into
 * (`dist/.ssr/join-page.html`, sync-server/plugins/invitation-page.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { joinPageFile, pageSlots } from '../sync-server/plugins/invitation-page.ts';
import { prerenderedFileName, prerenderedPaths } from '../sync-server/plugins/static-files.ts';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const serverEntry = fileURLToPath(new URL('../dist/.ssr/prerender-entry.js', import.meta.url));

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
  const route = `routes/${path === '/' ? 'index' : path.slice(1).replaceAll('/', '.')}.tsx?tsr-split=component`;
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

/** The app's entry script in the built index.html, with what the browser would preload beside it. */
function entryOf(shell: string): string {
  const entry = entryScript.exec(shell)?.[1];
  if (!entry) throw new Error('dist/index.html has no module entry script to defer');
  return entry;
}

/** The shell with its entry script replaced by an inline starter and no modulepreloads. */
function withStarter(shell: string, starter: string[]): string {
  return shell
    .replace(entryScript, `<script type="module">${starter.join(' ')}</script>`)
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

/**
 * The start once the browser has painted the page. Left to itself, the browser downloads the scripts
 * (modulepreload) alongside the styles, so on a slow connection the page waits for its styles behind 110 KB of
 * JavaScript, and it often evaluates React and the app before the first paint. The paint is learnt from a paint
 * entry, not a timer (a page in a background tab never paints, and tests take over timers); a hidden page, a
 * browser without paint entries, or no paint within 3 s starts the app at once.
 */
const afterFirstPaint = [
  "if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) start();",
  "else { new PerformanceObserver(start).observe({ type: 'paint', buffered: true }); setTimeout(start, 3000); }",
];

/**
 * How the app's code is started on a prerendered page; the server's Content-Security-Policy allows this inline
 * script by its hash, like the theme script. The join page a visitor opens from an invitation is there to be filled
 * in: its app starts once the page is painted. A public page is there to be read: it works as a web page (its
 * links are links) and its app, React and the router, whose evaluation and adoption of the page blocked a slow
 * phone for over a second of its load, starts only when the visitor first touches, clicks, scrolls with a wheel or
 * presses a key (docs/decisions/0047-a-public-page-is-read-before-its-app-starts.md). Until the app has adopted the
 * page (main.tsx marks it `data-adopted`) its forms are inert, so nothing typed is lost, and a click on a button is
 * held and done again once the app has drawn it. The browser's install offer, made once and often before the visitor
 * acts, is kept for the app too (features/marketing/download-popup/install-prompt.ts). A device where someone is signed in (the theme script marks it)
 * is not a visitor: its own page is drawn after the first paint, as on the join page.
 */
function starter(shell: string, startsFor: 'visitor-on-the-way-in' | 'reader'): string[] {
  const start = [
    'let started = false;',
    `const start = () => { if (!started) { started = true; import(${JSON.stringify(entryOf(shell))}); } };`,
  ];
  if (startsFor === 'visitor-on-the-way-in') return [...start, ...afterFirstPaint];
  return [
    ...start,
    "const page = document.querySelector('[data-prerendered]');",
    "if (!page || document.documentElement.hasAttribute('data-signed-in')) {",
    ...afterFirstPaint,
    '} else {',
    "  page.querySelectorAll('form').forEach((form) => { form.inert = true; });",
    "  addEventListener('beforeinstallprompt', (event) => { event.preventDefault(); window.hearthInstallOffer = event; });",
    "  const intents = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown'];",
    '  const onIntent = () => { intents.forEach((type) => removeEventListener(type, onIntent, true)); start(); };',
    '  intents.forEach((type) => addEventListener(type, onIntent, { capture: true, passive: true }));',
    "  addEventListener('click', (event) => {",
    "    const button = event.target instanceof Element ? event.target.closest('button') : null;",
    "    if (!button || !page.contains(button) || page.hasAttribute('data-adopted')) return;",
    '    event.preventDefault(); event.stopPropagation();',
    "    page.querySelectorAll('[data-clicked-before-start]').forEach((held) => held.removeAttribute('data-clicked-before-start'));",
    "    button.setAttribute('data-clicked-before-start', ''); start();",
    '  }, true);',
    '}',
  ];
}

async function main(): Promise<void> {
  const shell = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!shell.includes(rootElement)) throw new Error(`dist/index.html has no ${rootElement} to fill`);
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const { render } = (await import(pathToFileURL(serverEntry).href)) as {
    render(path: string): Promise<{ html: string; title: string | null }>;
  };

  /** A page around `html` with the styles `path`'s route needs. */
  const page = (path: string, html: string, title: string, startsFor: Parameters<typeof starter>[1]) => {
    const missingStyles = stylesOf(manifest, path)
      .filter((href) => !shell.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
      .join('');
    // The join page is inert until the app takes over: a click or a keystroke in the picture of a form would be
    // lost. A public page holds them itself (the starter).
    const wrapper = startsFor === 'reader' ? '<div data-prerendered>' : '<div data-prerendered inert>';
    return (
      withStarter(shell, starter(shell, startsFor))
        .replace('</head>', `${missingStyles}</head>`)
        .replace(rootElement, `<div id="root">${wrapper}${html}</div></div>`)
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    );
  };

  const joinPage = page('/join/$token', pageSlots.html, pageSlots.title, 'visitor-on-the-way-in').replace('</body>', `${pageSlots.data}</body>`);
  await writeFile(join(distDir, joinPageFile), joinPage);
  console.log(`prerender: the join page the server draws into -> dist/${joinPageFile}`);

  for (const path of prerenderedPaths) {
    const drawn = await render(path);
    // Moment-to-moment state (a scrolling row's offset) lives in style attributes, which the page's
    // Content-Security-Policy does not allow in markup; the app sets it again once it runs.
    const html = drawn.html.replace(/ style="[^"]*"/g, '');
    // The page's own styles (its route's chunks) load with the page, or the picture would be unstyled until the
    // JavaScript asks for them, and then jump into place.
    const title = drawn.title ?? /<title>([^<]*)<\/title>/.exec(shell)?.[1] ?? 'Hearth';
    const pageHtml = page(path, html, title.replace(/</g, '&lt;'), 'reader');
    await writeFile(join(distDir, prerenderedFileName(path)), pageHtml);
    console.log(`prerender: ${path} -> dist/${prerenderedFileName(path)} (${Math.round(pageHtml.length / 1024)} KB)`);
  }
}

await main();
