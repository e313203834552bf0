import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Opens a public page and waits until the app has adopted its prerendered picture. The app starts on the visitor's
 * first touch, click, wheel or key (scripts/prerender.ts): a mouse move is one. Until then the page's forms are
 * inert, so a keystroke before that would do nothing.
 */
export async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(page.locator('[data-prerendered][data-adopted]')).toHaveCount(1);
}
