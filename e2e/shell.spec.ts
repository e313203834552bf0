import type { Page } from '@playwright/test';
import { expect, newPerson, signUp, test } from './support/test.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('signed in: the tab bar and the menu drawer take the person around', async ({ page }) => {
    const person = newPerson('phone');
    await signUp(page, person);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(person.username);

    const tabBar = page.getByRole('navigation', { name: 'Tab bar' });
    await expect(tabBar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await tabBar.getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(tabBar.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');

    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByText(person.email)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await drawer.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  });

  test('signed out: the header folds into a menu that closes on navigation', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: /sign in to see your family/i })).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeHidden();

    await menuButton.click();
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});

/** Every script error and every Content-Security-Policy refusal a page causes while it is open. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return problems;
}

test('no screen breaks the Content-Security-Policy or throws, signed out or in', async ({ page }) => {
  const problems = watchForProblems(page);
  for (const path of ['/', '/login', '/signup', '/profile', '/settings', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('main, [role="status"]').first()).toBeVisible();
  }
  const person = newPerson('csp');
  await signUp(page, person);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.username);
  for (const path of ['/', '/profile', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('a visitor’s pages log no error, and list no address nobody set', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Each page asks who is signed in as it opens: a visitor's answer is no error, so nothing is logged.
  for (const path of ['/', '/contact', '/privacy', '/login']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect((await page.request.get('/api/auth/user')).status()).toBe(204);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('list', { name: 'Ways to reach us' })).toHaveCount(0);
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the server sends the security headers with the app shell', async ({ page }) => {
  const response = await page.goto('/settings');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-powered-by']).toBeUndefined();
});
