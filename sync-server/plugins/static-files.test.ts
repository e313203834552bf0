import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { sessionCookieName } from './session.ts';
import { inlineScriptHashes } from './security-headers.ts';
import { prerenderedFiles, prerenderedPaths } from './static-files.ts';

const themeScript =
  "(function(){var t=localStorage.getItem('hearth-theme');document.documentElement.dataset.theme=t||'system'})()";
const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <script>${themeScript}</script>
    <script type="module" crossorigin src="/assets/index-3f9a1c.js"></script>
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>
  <body><div id="root"></div></body>
</html>
`;

const staticDir = mkdtempSync(join(tmpdir(), 'hearth-dist-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), shell);
// Large enough to be worth compressing (the server leaves answers under 1 KB as they are).
const appScript = `console.log(${JSON.stringify('hearth '.repeat(400))});`;
writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js'), appScript);
writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Hearth"}');
writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {})');

const context = useTestApp({ staticDir });

afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the built app', () => {
  it('allows exactly the inline theme script in the policy', async () => {
    const expected = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    const response = await context.app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(themeScript);
    expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' ${expected};`);
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('hashes inline scripts only, byte for byte', () => {
    const hashes = inlineScriptHashes(
      '<script src="/a.js"></script><script>a()</script><script type="module">\nb()\n</script>',
    );
    expect(hashes).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('\nb()\n').digest('base64')}'`,
    ]);
  });

  it('sends the code compressed to a browser that takes brotli or gzip, and plain to one that does not', async () => {
    const url = '/assets/index-3f9a1c.js';
    const brotli = await context.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appScript);
    expect(brotli.rawPayload.length).toBeLessThan(appScript.length / 4);

    const gzip = await context.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appScript);

    const plain = await context.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appScript);
  });

  it('lets browsers keep hashed assets for a year and revalidate the rest', async () => {
    const asset = await context.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/manifest.webmanifest', '/sw.js', '/photos']) {
      const response = await context.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers any screen URL with the app shell', async () => {
    for (const url of ['/photos', '/families/7f1c/events?view=past', '/no/such/screen']) {
      const response = await context.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(shell);
    }
  });

  it('sends an old address of a page on to its one address for good, with its query', async () => {
    const response = await context.app.inject({ url: '/family-chat-room?from=mail', headers: html });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/family-chat?from=mail');
  });

  it('never answers the API, a missing asset or a non-navigation with HTML', async () => {
    const api = await context.app.inject({ url: '/api/unknown', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
    const asset = await context.app.inject({ url: '/assets/index-000000.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ error: 'Not found' });
    const write = await context.app.inject({ method: 'POST', url: '/photos', headers: html, payload: {} });
    expect(write.statusCode).toBe(404);
  });

  it('does not serve files outside the build', async () => {
    const response = await context.app.inject({ url: '/../package.json', headers: html });
    expect(response.body).not.toContain('"dependencies"');
  });
});

describe('prerendered public pages', () => {
  // The prerender writes the shell's own theme script into every page; a page may add another inline script.
  const extraScript = "document.documentElement.dataset.page='contact'";
  const contactPage = shell.replace(
    '<div id="root"></div>',
    `<div id="root"><h1>Contact Us</h1></div><script>${extraScript}</script>`,
  );
  const landingPage = shell.replace('<div id="root"></div>', '<div id="root"><h1>Welcome to Hearth</h1></div>');
  const pagesDir = mkdtempSync(join(tmpdir(), 'hearth-dist-'));
  writeFileSync(join(pagesDir, 'index.html'), shell);
  writeFileSync(join(pagesDir, 'contact.html'), contactPage);
  writeFileSync(join(pagesDir, 'landing.html'), landingPage);
  afterAll(() => rmSync(pagesDir, { recursive: true, force: true }));

  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

  it('maps each public path to its file, the landing page to landing.html', () => {
    expect(prerenderedFiles['/']).toBe('landing.html');
    expect(prerenderedFiles['/contact']).toBe('contact.html');
    expect(prerenderedFiles['/family-tree-builder']).toBe('family-tree-builder.html');
    expect(Object.keys(prerenderedFiles)).toEqual([...prerenderedPaths]);
  });

  it('serves a prerendered page for its path, as the shell is served, with its scripts allowed', async () => {
    const app = await context.buildApp({ staticDir: pagesDir });
    for (const [url, page] of [
      ['/contact', contactPage],
      ['/contact?ref=footer', contactPage],
      ['/', landingPage],
    ] as const) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(page);
      // One hash for the theme script every page shares, one for the contact page's own.
      expect(String(response.headers['content-security-policy']), url).toContain(
        `script-src 'self' ${hashOf(themeScript)} ${hashOf(extraScript)};`,
      );
    }
  });

  it('keeps the shell for public paths without a page and for app screens, and JSON for the API', async () => {
    const app = await context.buildApp({ staticDir: pagesDir });
    for (const url of ['/terms', '/photos', '/contact/extra']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
    const api = await app.inject({ url: '/api/contact', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
  });

  it('serves the shell at / to a browser holding a session, which then opens on the home, not the landing', async () => {
    const app = await context.buildApp({ staticDir: pagesDir });
    const signedIn = await app.inject({ url: '/', headers: { ...html, cookie: `${sessionCookieName}=anything` } });
    expect(signedIn.body).toBe(shell);
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    const visitor = await app.inject({ url: '/', headers: html });
    expect(visitor.body).toBe(landingPage);
    expect(visitor.headers.vary).toMatch(/cookie/i);
  });

  it('serves the shell at / when the build has no landing page', async () => {
    const response = await context.app.inject({ url: '/', headers: html });
    expect(response.body).toBe(shell);
  });
});
