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

async function main(): Promise<void> {
  if (!existsSync(chromiumLaunchOptions.executablePath)) {
    console.log(`prerender: no Chromium at ${chromiumLaunchOptions.executablePath}; public pages stay unprerendered`);
    return;
  }
  const shell = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!shell.includes(rootElement)) throw new Error(`dist/index.html has no ${rootElement} to fill`);

  const { server, origin } = await serveBuild();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // No service worker: it would answer later navigations from its cache of the shell.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const path of prerenderedPaths) {
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      const { html, title } = await page.evaluate(() => {
        const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
        // Moment-to-moment state (a scrolling row's offset) lives in style attributes, which the page's
        // Content-Security-Policy does not allow in markup; the app sets it again once it runs.
        for (const element of root.querySelectorAll('[style]')) element.removeAttribute('style');
        return { html: root.innerHTML, title: document.title };
      });
      const pageHtml = shell
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
