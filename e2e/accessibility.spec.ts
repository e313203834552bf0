import type { Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility.ts';
import { share } from './support/family.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

/** Serious and critical violations by screen: none expected. */
type Found = Record<string, string[]>;

function expectNone(found: Found) {
  expect(Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length > 0))).toEqual({});
}

// A dozen full axe scans take 2-6 s each when two run side by side: in four journeys per theme, not one, so each
// stays well inside its time.
for (const mode of ['dark', 'light'] as const) {
  test.describe(`in ${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((saved) => localStorage.setItem('hearth-theme', saved), mode);
    });

    test('the signed-out screens pass an accessibility scan', async ({ page }) => {
      test.slow();
      const found: Found = {};
      for (const path of ['/login', '/signup', '/settings', '/profile', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        found[`signed out ${path}`] = await seriousViolations(page);
      }
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      found['login with errors'] = await seriousViolations(page);
      expectNone(found);
    });

    test('the signed-in screens pass an accessibility scan', async ({ page }) => {
      test.slow();
      const found: Found = {};
      const person = newPerson(`a11y${mode}`);
      await signUp(page, person);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(person.username);
      for (const path of ['/', '/settings', '/profile', '/profile?changePassword=1']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/settings') await expect(page.getByRole('switch', { name: 'Family Updates' })).toBeVisible();
        found[`signed in ${path}`] = await seriousViolations(page);
      }
      expectNone(found);
    });

    /** A new person with a family of their own, on its home. */
    async function withAFamily(page: Page, name: string) {
      await signUp(page, newPerson(name));
      await page.goto('/');
      await page.getByLabel('Family name').fill(`Scan family ${mode}`);
      await page.getByRole('button', { name: 'Create Family Group' }).click();
    }

    test("a family's feed and chat pass an accessibility scan", async ({ page }) => {
      test.slow();
      const found: Found = {};
      await withAFamily(page, `a11yfeed${mode}`);
      await share(page, 'A post with a link: https://example.com');
      await expect(page.getByRole('article')).toBeVisible();
      found['signed in / with a family, a post and its toast'] = await seriousViolations(page);

      const card = page.getByRole('article');
      await card.getByRole('button', { name: 'Like', exact: true }).click();
      await card.getByRole('button', { name: 'Comment', exact: true }).click();
      await card.getByRole('textbox', { name: 'Write a comment' }).fill('A comment');
      await card.getByRole('button', { name: 'Add comment' }).click();
      await expect(card.getByText('A comment', { exact: true })).toBeVisible();
      found['signed in / with a liked post and its comments open'] = await seriousViolations(page);

      await page.goto('/chat');
      const message = page.getByPlaceholder('Type your message...');
      await message.fill('Hello, everyone: https://example.com');
      await message.press('Enter');
      await expect(page.getByRole('list', { name: 'Messages' }).getByText('Hello, everyone:')).toBeVisible();
      found['chat with a message'] = await seriousViolations(page);
      expectNone(found);
    });

    test("a family's tree, invitations and membership pass an accessibility scan", async ({ page }) => {
      test.slow();
      const found: Found = {};
      await withAFamily(page, `a11ytree${mode}`);
      await page.getByRole('link', { name: 'Family Tree' }).first().click();
      await expect(page.getByRole('region', { name: 'Family Overview' })).toBeVisible();
      found['family tree'] = await seriousViolations(page);
      await page.getByRole('button', { name: 'Invite Family Member' }).first().click();
      await page.getByRole('button', { name: 'Create invite link' }).click();
      const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
      found['invite dialog with a link'] = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Manage your membership' }).click();
      await expect(page.getByRole('dialog', { name: 'Your membership' })).toBeVisible();
      found['manage your membership'] = await seriousViolations(page);
      await page.keyboard.press('Escape');

      await page.goto(new URL(link).pathname);
      await expect(page.getByRole('heading', { name: "You're already a member of this family." })).toBeVisible();
      found['join page, already a member'] = await seriousViolations(page);

      expectNone(found);
    });
  });
}
