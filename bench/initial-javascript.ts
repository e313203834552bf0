/**
 * Measures the initial JavaScript of a page as a visitor's browser loads it: every script the page fetches until the
 * network is quiet, gzip-compressed at level 9 (what a compressing server or CDN sends).
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

export type ScriptSize = { url: string; gzipBytes: number };

export async function initialJavaScript(context: BrowserContext, url: string): Promise<ScriptSize[]> {
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
  const sizes = (await Promise.all(pending)).filter((size): size is ScriptSize => size !== null);
  await page.close();
  return sizes;
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
