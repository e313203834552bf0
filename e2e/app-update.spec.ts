import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { waitForOfflineReady } from './support/family.ts';
import { startHearth, type RunningHearth } from './support/hearth-server.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

const builtApp = fileURLToPath(new URL('../dist', import.meta.url));

/** Marks the page's JavaScript world: the mark is gone once the tab has reloaded. */
function markPage(page: Page) {
  return page.evaluate(() => Object.assign(window, { hearthTestMark: true }));
}

function pageWasReloaded(page: Page) {
  return page.evaluate(() => !('hearthTestMark' in window));
}

/**
 * Publishes a "next version" of the service worker, one that says which version it is when asked, so a journey
 * can tell which one controls the page.
 */
function publishVersion(staticDir: string, version: number) {
  appendFileSync(
    join(staticDir, 'service-worker.js'),
    // Every published version answers with the last number assigned, whichever of their listeners answers first.
    `\nself.hearthTestVersion = ${version};\n` +
      `self.addEventListener('message', (event) => { if (event.data === 'version?') event.ports[0].postMessage(self.hearthTestVersion); });\n`,
  );
}

/** The version the controlling service worker says it is; 1 for the first build, which does not answer. */
function controllingVersion(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as number);
        navigator.serviceWorker.controller?.postMessage('version?', [channel.port2]);
        setTimeout(() => resolve(1), 1_000);
      }),
  );
}

test.describe('a new version of Hearth', () => {
  let hearth: RunningHearth;
  let staticDir: string;

  // A server of its own with a copy of the build, so this journey can publish a "new version" without touching
  // the build every other journey is using.
  test.beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'hearth-update-'));
    cpSync(builtApp, staticDir, { recursive: true });
    hearth = await startHearth({ STATIC_DIR: staticDir });
  });

  test.afterAll(async () => {
    await hearth?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  test('waits for Refresh, then every open tab reloads into it', async ({ browser }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    for (const page of [first, second]) {
      await page.goto(`${hearth.url}/login`);
      await waitForOfflineReady(page);
      await markPage(page);
    }

    publishVersion(staticDir, 2);
    await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    for (const page of [first, second]) {
      await expect(page.getByText('A new version of Hearth is ready')).toBeVisible({ timeout: 10_000 });
    }
    expect(await pageWasReloaded(second)).toBe(false);

    await first.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => pageWasReloaded(first).catch(() => false), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => pageWasReloaded(second).catch(() => false), { timeout: 10_000 }).toBe(true);
    await expect(second.getByText('A new version of Hearth is ready')).toBeHidden();
    await context.close();
  });

  test('a version too old for the server asks for the update, which brings the new version in', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: hearth.url });
    const page = await context.newPage();
    await signUp(page, newPerson('outdated'));
    await waitForOfflineReady(page);
    // The server now speaks a newer sync protocol than this copy of Hearth.
    await page.route('**/api/sync/**', (route) =>
      route.fulfill({ status: 426, contentType: 'application/json', body: '{"error":"Please update Hearth"}' }),
    );
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('This version of Hearth is out of date')).toBeVisible({ timeout: 10_000 });
    const versionBefore = await controllingVersion(page);

    // The new version is on the server but nobody has looked for it yet: Update Hearth must find it, wait for it to
    // install and switch to it, not reload into the same old version.
    publishVersion(staticDir, versionBefore + 1);
    await page.unroute('**/api/sync/**');
    await markPage(page);
    await page.getByRole('button', { name: 'Update Hearth' }).click();
    await expect.poll(() => pageWasReloaded(page).catch(() => false), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => controllingVersion(page), { timeout: 10_000 }).toBe(versionBefore + 1);
    await expect(page.getByText('This version of Hearth is out of date')).toBeHidden();
    await context.close();
  });
});
