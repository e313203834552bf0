/**
 * Measures the initial JavaScript of a page as a visitor's browser loads it: every script the page fetches until it
 * has drawn what it is for (`drawn`: selectors of elements that must all be in its DOM; on a public page, once the
 * visitor has first moved the pointer) and the network is quiet after that, gzip-compressed at level 9 (what a
 * compressing server or CDN sends). The network alone goes quiet too early on a loaded machine: a page waiting for
 * an answer before it asks for its screen's code stopped the count at 109 KB of a signed-in home's 170. A page that
 * never draws throws, rather than answering a short count.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

export type ScriptSize = { url: string; gzipBytes: number };

export async function initialJavaScript(
  context: BrowserContext,
  url: string,
  drawn: string[] = [],
): Promise<ScriptSize[]> {
  const page = await context.newPage();
  const pending: Promise<ScriptSize | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A public page read by a visitor starts its app on their first touch (docs/decisions/0047-a-public-page-is-read-
  // before-its-app-starts.md): what it loads to be usable then is what counts.
  const waitsForVisitor = await page.evaluate(
    () => !!document.querySelector('[data-prerendered]') && !document.documentElement.hasAttribute('data-signed-in'),
  );
  if (waitsForVisitor) {
    await page.mouse.move(1, 1);
    await page.locator('[data-prerendered][data-adopted]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
  }
  if (drawn.length > 0) {
    await Promise.all(drawn.map((selector) => page.locator(selector).first().waitFor({ state: 'attached' })));
    await page.waitForLoadState('networkidle');
  }
  const sizes = (await Promise.all(pending)).filter((size): size is ScriptSize => size !== null);
  await page.close();
  return sizes;
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
