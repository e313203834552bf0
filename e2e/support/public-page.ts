import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Opens a public page and waits until the app has taken over from its prerendered picture (which is inert, so a
 * click or keystroke before that would do nothing).
 */
export async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
