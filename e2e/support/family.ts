import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { familyExists, withDatabase } from './database.ts';
import { answerNameStep, newPerson, submitSignUp, signUp, type Person } from './test.ts';

/** Waits until the service worker controls the page, so the next load can come from it with no network. */
export async function waitForOfflineReady(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** The names of the Hearth databases (a person's device data) the browser holds for the page's site. */
export function hearthDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).flatMap(({ name }) => (name?.startsWith('hearth-') ? [name] : [])),
  );
}

/** Says the connection changed at once, instead of waiting for the browser to notice. */
export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}

export async function goOnline(context: BrowserContext, page: Page) {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

export async function createFamily(page: Page, name: string) {
  await page.getByLabel('Family name').fill(name);
  await page.getByRole('button', { name: 'Create Family Group' }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

export async function share(page: Page, text: string) {
  await page.getByLabel('Share an update with your family').fill(text);
  await page.getByRole('button', { name: 'Share' }).click();
}

export function post(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text });
}

/** Opens a post's comments. */
export function openComments(card: ReturnType<typeof post>) {
  return card
    .getByRole('button', { name: /^Comments?\b/ })
    .first()
    .click();
}

/** Writes a comment on a post, opening its comments first when they are closed. */
export async function comment(card: ReturnType<typeof post>, text: string) {
  const field = card.getByRole('textbox', { name: 'Write a comment' });
  if (!(await field.isVisible())) await openComments(card);
  await field.fill(text);
  await card.getByRole('button', { name: 'Add comment' }).click();
  await expect(card.getByText(text)).toBeVisible();
}

/** Makes an invite link from the family tree, as a member would, and answers it. */
export async function makeInviteLink(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Family Tree' }).first().click();
  // The home has an Invite button too: wait for the tree, or the click may land on the page being left.
  await expect(page.getByRole('heading', { name: 'Family Tree', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite Family Member' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create invite link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Invite link' });
  await expect(link).toHaveValue(/\/join\/[A-Za-z0-9_-]{43}$/);
  return link.inputValue();
}

/** Opens an invite link signed out, creates an account from it and joins with the relationship given. */
export async function joinAsNewcomer(page: Page, link: string, person: Person, relationship: string) {
  await page.goto(link);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await submitSignUp(page, person, { navigate: false });
  await answerNameStep(page);
  await expect(page).toHaveURL(/\/join\//);
  await page.getByRole('combobox', { name: /^You are .+'s…$/ }).selectOption({ label: relationship });
  await page.getByRole('button', { name: /^Join / }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
}

/** Two members of one family, each in a browser of their own: grandma made the family, her son joined by a link. */
export async function twoMembers(browser: Browser, label: string) {
  // Two signups, a family and a join through the real invite link come before the journey itself.
  test.setTimeout(60_000);
  const familyName = `The Smiths ${label} ${Date.now().toString(36)}`;
  const grandma = newPerson('grandma');
  const son = newPerson('son');
  const grandmaContext = await browser.newContext();
  const sonContext = await browser.newContext();
  const grandmaPage = await grandmaContext.newPage();
  const sonPage = await sonContext.newPage();

  await signUp(grandmaPage, grandma);
  await createFamily(grandmaPage, familyName);
  await expect.poll(() => familyExists(familyName), { timeout: 10_000 }).toBe(true);
  const link = await makeInviteLink(grandmaPage);
  await grandmaPage.keyboard.press('Escape');
  await grandmaPage.goto('/');

  await joinAsNewcomer(sonPage, link, son, 'Son');
  await expect(sonPage.getByRole('heading', { name: familyName, level: 2 })).toBeVisible({ timeout: 10_000 });
  const sonMembership = await withDatabase(async (sql) => {
    const [member] = await sql<{ id: string; familyId: string }[]>`
      select family_members.id, family_members.family_id as "familyId"
      from family_members join users on users.id = family_members.user_id
      where users.email = ${son.email}`;
    return member;
  });
  if (!sonMembership) throw new Error('the son is not a member after joining');

  return {
    familyName,
    familyId: sonMembership.familyId,
    grandma,
    son,
    grandmaContext,
    sonContext,
    grandmaPage,
    sonPage,
    sonMemberId: sonMembership.id,
  };
}

export async function close(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.close()));
}
