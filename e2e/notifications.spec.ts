import { close, share, twoMembers } from './support/family.ts';
import { expect, test } from './support/test.ts';

test('a post rings the bell on every device of the family, and reading it on one clears it on the other', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'bell');
  const { grandmaPage, sonPage } = family;
  // The son's laptop: a second device of his.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await laptopPage.goto('/login');
  await laptopPage.getByLabel('Email').fill(family.son.email);
  await laptopPage.getByLabel('Password', { exact: true }).fill(family.son.password);
  await laptopPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(laptopPage.getByRole('heading', { level: 1 })).toContainText(family.son.username);
  await expect(sonPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await share(grandmaPage, 'The plums are ripe, come and pick some');
  for (const page of [sonPage, laptopPage]) {
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 10_000 });
  }
  // She heard of her son joining; her own post rings nothing more.
  await expect(grandmaPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await grandmaPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(
    grandmaPage.getByRole('region', { name: 'Notifications' }).getByText(`${family.son.username} joined ${family.familyName}`),
  ).toBeVisible();
  await grandmaPage.keyboard.press('Escape');

  await sonPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const list = sonPage.getByRole('region', { name: 'Notifications' });
  await expect(list.getByText(`${family.grandma.username} shared a post`)).toBeVisible();
  await expect(list.getByText('“The plums are ripe, come and pick some”')).toBeVisible();
  await list.getByRole('button', { name: /shared a post/ }).click();
  await expect(sonPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(laptopPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({ timeout: 10_000 });

  await close(family.grandmaContext, family.sonContext, laptop);
});
