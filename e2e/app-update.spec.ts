import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startHearth, type RunningHearth } from './support/hearth-server.ts';
import { expect, test } from './support/test.ts';

const builtApp = fileURLToPath(new URL('../dist', import.meta.url));

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Marks the page's JavaScript world: the mark is gone once the tab has reloaded. */
function markPage(page: Page) {
  return page.evaluate(() => Object.assign(window, { hearthTestMark: true }));
}

function pageWasReloaded(page: Page) {
  return page.evaluate(() => !('hearthTestMark' in window));
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
      await waitForServiceWorker(page);
      await markPage(page);
    }

    appendFileSync(join(staticDir, 'service-worker.js'), '\n// the next version\n');
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
});
