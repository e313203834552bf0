/**
 * Prerenders the public pages to HTML after `vite build`, so a visitor sees the landing page, the legal texts and
 * the feature pages at the first paint instead of after the JavaScript has run. Each page is drawn by the built
 * app itself in the system Chromium (signed out, served from dist/ by a throwaway static server) and saved as
 * `dist/<name>.html`; the server serves those files for their paths (sync-server/plugins/static-files.ts) and the
 * app takes over from them (pwa/main.tsx). Without Chromium it says so and leaves the build as it is: every page
 * still works, it is only drawn by JavaScript.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { prerenderedFileName, prerenderedPaths } from '../sync-server/plugins/static-files.ts';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const rootElement = '<div id="root"></div>';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.webmanifest': 'application/manifest+json',
};

/** dist/ as the browser needs it for drawing signed-out pages: files, the shell for app routes, no API. */
function serveBuild(): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://build').pathname);
    if (path.startsWith('/api/')) {
      // Nobody is signed in while prerendering; the public pages need nothing else from the API.
      response.writeHead(path === '/api/auth/user' ? 401 : 404, { 'content-type': 'application/json' });
      response.end('{"error":"Unauthorized"}');
      return;
    }
    const file = normalize(join(distDir, path));
    const servesFile = file.startsWith(distDir) && extname(file) !== '' && existsSync(file);
    const served = servesFile ? file : join(distDir, 'index.html');
    response.writeHead(200, { 'content-type': contentTypes[extname(served)] ?? 'application/octet-stream' });
    response.end(await readFile(served));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

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
  if (!existsSync(chromiumLaunchOptions.executablePath)) {
    console.log(`prerender: no Chromium at ${chromiumLaunchOptions.executablePath}; public pages stay unprerendered`);
    return;
  }
  const shell = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!shell.includes(rootElement)) throw new Error(`dist/index.html has no ${rootElement} to fill`);
  const prerenderedShell = startAfterFirstPaint(shell);

  const { server, origin } = await serveBuild();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // No service worker: it would answer later navigations from its cache of the shell.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const path of prerenderedPaths) {
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      const { html, title, stylesheets } = await page.evaluate(() => {
        const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
        // Moment-to-moment state (a scrolling row's offset) lives in style attributes, which the page's
        // Content-Security-Policy does not allow in markup; the app sets it again once it runs.
        for (const element of root.querySelectorAll('[style]')) element.removeAttribute('style');
        const links = document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
        return {
          html: root.innerHTML,
          title: document.title,
          stylesheets: [...links].map((link) => new URL(link.href).pathname),
        };
      });
      // The page's own styles (its route's chunks) load with the page, or the picture would be unstyled until the
      // JavaScript asks for them, and then jump into place.
      const missingStyles = stylesheets
        .filter((href) => !shell.includes(`href="${href}"`))
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
        .join('');
      const pageHtml = prerenderedShell
        .replace('</head>', `${missingStyles}</head>`)
        // Inert until the app takes over: a click or a keystroke in the picture of a form would be lost.
        .replace(rootElement, `<div id="root"><div data-prerendered inert>${html}</div></div>`)
        .replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/</g, '&lt;')}</title>`);
      await writeFile(join(distDir, prerenderedFileName(path)), pageHtml);
      console.log(`prerender: ${path} -> dist/${prerenderedFileName(path)} (${Math.round(pageHtml.length / 1024)} KB)`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
