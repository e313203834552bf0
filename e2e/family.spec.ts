import type { Locator } from '@playwright/test';
import { familyExists, withDatabase } from './support/database.ts';
import {
  close,
  comment,
  createFamily,
  goOffline,
  goOnline,
  joinAsNewcomer,
  makeInviteLink,
  openComments,
  post,
  share,
  waitForOfflineReady,
} from './support/family.ts';
import { answerNameStep, expect, newPerson, signUp, submitSignUp, test } from './support/test.ts';

function countComments(content: string): Promise<number> {
  return withDatabase(async (sql) => {
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int as count from comments where content = ${content}`;
    return row?.count ?? 0;
  });
}

/** A member's line in the tree by their name, not a line naming them as whom another is related to ("…'s son"). */
function memberLine(tree: Locator, name: string): Locator {
  return tree.getByRole('listitem').filter({ hasText: name }).filter({ hasNotText: `${name}'s` });
}

test('a grandmother invites her son, they share, like and comment, and her offline comment arrives once', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const familyName = `The Smiths ${Date.now().toString(36)}`;
  const grandma = newPerson('grandma');
  const son = newPerson('son');
  const grandmaContext = await browser.newContext();
  const sonContext = await browser.newContext();
  await grandmaContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const grandmaPage = await grandmaContext.newPage();
  const sonPage = await sonContext.newPage();

  // She signs up, creates the family and copies an invite link.
  await signUp(grandmaPage, grandma);
  await createFamily(grandmaPage, familyName);
  const link = await makeInviteLink(grandmaPage);
  await grandmaPage.getByRole('dialog').getByRole('button', { name: 'Copy Link' }).click();
  await expect(grandmaPage.getByText('Link copied')).toBeVisible();
  expect(await grandmaPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await grandmaPage.keyboard.press('Escape');

  // The link's first answer already says who invites him to what, before any script runs: a slow phone shows it at
  // once.
  const firstAnswer = await (await sonContext.request.get(link)).text();
  expect(firstAnswer.replaceAll('<!-- -->', '')).toContain(
    `${grandma.username} invited you to join ${familyName} on Hearth`,
  );

  // Her son opens it, sees who invited him to what, signs up and says he is her son.
  await sonPage.goto(link);
  await expect(
    sonPage.getByRole('heading', { name: `${grandma.username} invited you to join ${familyName} on Hearth` }),
  ).toBeVisible();
  await joinAsNewcomer(sonPage, link, son, 'Son');
  await expect(sonPage.getByRole('heading', { name: familyName, level: 2 })).toBeVisible({ timeout: 10_000 });

  // The same link a second time only offers the way in: he is in the family already.
  await sonPage.goto(link);
  await expect(sonPage.getByRole('heading', { name: "You're already a member of this family." })).toBeVisible();
  await sonPage.getByRole('button', { name: `Open ${familyName}` }).click();
  await expect(sonPage.getByRole('heading', { name: familyName, level: 2 })).toBeVisible();

  // He posts; she sees it without reloading, likes it and comments.
  await grandmaPage.getByRole('link', { name: 'Home' }).first().click();
  const news = `We landed safely! ${Date.now()}`;
  await share(sonPage, news);
  const hersToRead = post(grandmaPage, news);
  await expect(hersToRead).toBeVisible({ timeout: 5_000 });
  await hersToRead.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(hersToRead.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const welcome = 'So glad you are home, love';
  await comment(hersToRead, welcome);

  // He sees the like and the comment.
  const his = post(sonPage, news);
  await expect(his.getByRole('button', { name: /1 like/ })).toBeVisible({ timeout: 5_000 });
  await openComments(his);
  await expect(his.getByText(welcome)).toBeVisible({ timeout: 5_000 });

  // The tree shows both of them, each in the right group.
  await grandmaPage.getByRole('link', { name: 'Family Tree' }).first().click();
  const members = grandmaPage.getByRole('region', { name: 'Family Members' });
  await expect(members.getByRole('region', { name: 'Family Creators' })).toContainText(grandma.username);
  await expect(members.getByRole('region', { name: 'Sons' })).toContainText(son.username);
  const overview = grandmaPage.getByRole('region', { name: 'Family Overview' });
  await expect(overview).toContainText('Total Members');
  await expect(overview).toContainText('2');
  // Each label agrees with its figure: one admin, a family begun this year.
  await expect(overview.getByRole('term')).toHaveText([
    'Total Members',
    'Relationship Types',
    'Family Admin',
    'Year Connected',
  ]);

  // She goes offline, still reads the feed after a reload, comments, and comes back online.
  await grandmaPage.getByRole('link', { name: 'Home' }).first().click();
  await waitForOfflineReady(grandmaPage);
  await goOffline(grandmaContext, grandmaPage);
  await grandmaPage.reload();
  await expect(post(grandmaPage, news)).toBeVisible();
  const fromThePlane = `Written with no signal ${Date.now()}`;
  await comment(post(grandmaPage, news), fromThePlane);
  await expect(post(grandmaPage, news).getByText('Waiting to send')).toBeVisible();
  expect(await countComments(fromThePlane)).toBe(0);

  await goOnline(grandmaContext, grandmaPage);
  await expect(his.getByText(fromThePlane)).toHaveCount(1, { timeout: 10_000 });
  await expect(grandmaPage.getByText('All sent')).toBeVisible({ timeout: 10_000 });
  expect(await countComments(fromThePlane)).toBe(1);
  await expect(his.getByText(fromThePlane)).toHaveCount(1);

  // He invites his daughter, who says she is his daughter: each reads the others from their own side (decision 0062).
  const hisLink = await makeInviteLink(sonPage);
  await sonPage.keyboard.press('Escape');
  const daughter = newPerson('daughter');
  const daughterContext = await browser.newContext();
  const daughterPage = await daughterContext.newPage();
  await joinAsNewcomer(daughterPage, hisLink, daughter, 'Daughter');
  await daughterPage.getByRole('link', { name: 'Family Tree' }).first().click();
  const hers = daughterPage.getByRole('region', { name: 'Family Members' });
  await expect(memberLine(hers, son.username)).toContainText('Your father');
  await expect(memberLine(hers, grandma.username)).toContainText('Your grandparent');
  // The groups stay by what each said: her father is still among the Sons.
  await expect(hers.getByRole('region', { name: 'Sons' })).toContainText(son.username);
  // Her own line reads as she said it, and changing it asks about the same person.
  await expect(memberLine(hers, daughter.username)).toContainText(`${son.username}'s daughter`);
  await daughterPage.getByRole('button', { name: 'Manage your membership' }).click();
  await expect(daughterPage.getByRole('combobox', { name: `You are ${son.username}'s…` })).toHaveValue('daughter');
  await daughterPage.keyboard.press('Escape');
  await grandmaPage.getByRole('link', { name: 'Family Tree' }).first().click();
  await expect(memberLine(members, son.username)).toContainText('Your son');
  await expect(memberLine(members, daughter.username)).toContainText('Your granddaughter');
  await expect(overview).toContainText('3');

  await close(grandmaContext, sonContext, daughterContext);
});

test('an invite link that was turned off, or mangled, says so and lets nobody in', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, newPerson('admin'));
  await createFamily(page, `The Joneses ${Date.now().toString(36)}`);
  const link = await makeInviteLink(page);
  await page.getByRole('button', { name: /^Turn off the link made by you/ }).click();
  await expect(page.getByText('Link turned off')).toBeVisible();
  await page.keyboard.press('Escape');

  const newcomer = await browser.newContext();
  const newcomerPage = await newcomer.newPage();
  await newcomerPage.goto(link);
  await expect(newcomerPage.getByRole('heading', { name: 'This invite link was turned off' })).toBeVisible();
  await expect(newcomerPage.getByRole('link', { name: 'Create an account' })).toHaveCount(0);

  await newcomerPage.goto(`${link.slice(0, -5)}`);
  await expect(newcomerPage.getByRole('heading', { name: "This invite link doesn't work" })).toBeVisible();

  await close(context, newcomer);
});

test('bad input gets a clear message and nothing is sent: names, blank and long posts, HTML', async ({ page }) => {
  await signUp(page, newPerson('careful'));
  await page.getByLabel('Family name').fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Create Family Group' }).click();
  await expect(page.getByText('Family name must be at most 100 characters long')).toBeVisible();
  await page.getByLabel('Family name').fill('   ');
  await page.getByRole('button', { name: 'Create Family Group' }).click();
  await expect(page.getByText('Family name is required')).toBeVisible();

  const familyName = `<script>alert("The Browns")</script> ${Date.now().toString(36)}`;
  await createFamily(page, familyName);

  const composer = page.getByLabel('Share an update with your family');
  const share = page.getByRole('button', { name: 'Share' });
  await composer.fill('    ');
  await expect(share).toBeDisabled();
  await composer.fill('a'.repeat(10_000));
  await expect(page.getByText('Posts can be at most 5,000 characters long')).toBeVisible();
  await share.click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(composer).toHaveValue('a'.repeat(10_000));

  const html = '<img src=x onerror="window.hacked=1"><b>bold</b> & <a href="javascript:alert(1)">click</a>';
  await composer.fill(html);
  await share.click();
  const card = post(page, '<b>bold</b>');
  await expect(card).toBeVisible();
  await expect(card.locator('b, img, a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

  // The family's name is shown as the text it is, and renaming it checks the same rules.
  await page.getByRole('link', { name: 'Family Tree' }).first().click();
  await expect(page.getByText(familyName, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rename family' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename family' });
  await rename.getByRole('textbox', { name: 'Family name' }).fill('y'.repeat(101));
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Family name must be at most 100 characters long')).toBeVisible();
  await rename.getByRole('textbox', { name: 'Family name' }).fill('The Browns');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByText('The Browns', { exact: true })).toBeVisible();
});

test('someone in two families switches between them, and the choice is remembered', async ({ browser }) => {
  test.setTimeout(60_000);
  const grandmaContext = await browser.newContext();
  const auntContext = await browser.newContext();
  const grandmaPage = await grandmaContext.newPage();
  const auntPage = await auntContext.newPage();
  const smiths = `The Smiths ${Date.now().toString(36)}`;
  const joneses = `The Joneses ${Date.now().toString(36)}`;

  const grandma = newPerson('grandma');
  await signUp(grandmaPage, grandma);
  await createFamily(grandmaPage, smiths);
  const link = await makeInviteLink(grandmaPage);

  // The aunt already has a family of her own when she joins the Smiths.
  await signUp(auntPage, newPerson('aunt'));
  await createFamily(auntPage, joneses);
  await share(auntPage, 'Only for the Joneses');
  await expect(post(auntPage, 'Only for the Joneses')).toBeVisible();
  await auntPage.goto(link);
  // Asked about the person who sent the link, by the name her family knows her by.
  await auntPage.getByRole('combobox', { name: `You are ${grandma.username}'s…` }).selectOption({ label: 'Sister' });
  await auntPage.getByRole('button', { name: `Join ${smiths}` }).click();
  await expect(auntPage.getByRole('heading', { name: smiths, level: 2 })).toBeVisible({ timeout: 10_000 });
  await expect(auntPage.getByText('Only for the Joneses')).toBeHidden();

  const switcher = auntPage.getByRole('combobox', { name: 'Family' }).first();
  await switcher.selectOption({ label: joneses });
  await expect(auntPage.getByRole('heading', { name: joneses, level: 2 })).toBeVisible();
  await expect(auntPage.getByText('Only for the Joneses')).toBeVisible();
  await auntPage.reload();
  await expect(auntPage.getByRole('heading', { name: joneses, level: 2 })).toBeVisible();

  await close(grandmaContext, auntContext);
});

test('someone already in a family starts another from Profile and lands in it', async ({ page }) => {
  await signUp(page, newPerson('branch'));
  const unique = Date.now().toString(36);
  await createFamily(page, `Mother's side ${unique}`);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your Families' }).getByText(`Mother's side ${unique}`)).toBeVisible();
  await page.getByRole('button', { name: 'Start Another Family' }).click();
  await page.getByLabel('Family name').fill(`Father's side ${unique}`);
  await page.getByRole('button', { name: 'Create Family Group' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Father's side ${unique}`, level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Family', exact: true }).first()).toBeVisible();
  await expect.poll(() => familyExists(`Father's side ${unique}`), { timeout: 10_000 }).toBe(true);
});

test('an invitation stays found: shown again to copy, copied in plain sight, and kept by the header Sign Up', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const familyName = `The Okafors ${Date.now().toString(36)}`;
  await signUp(page, newPerson('mama'));
  await createFamily(page, familyName);
  // The home offers the invitation right away, not only the tree.
  await page.getByRole('button', { name: 'Invite Family Member' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite to ${familyName}` });
  await dialog.getByRole('button', { name: 'Create invite link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Invite link' });
  await expect(linkField).toHaveValue(/\/join\//);
  const link = await linkField.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Opened again, it shows the same open link to copy, not a new one.
  await page.getByRole('button', { name: 'Invite Family Member' }).click();
  await expect(linkField).toHaveValue(link);
  await expect(dialog.getByRole('button', { name: 'Create invite link' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  const copied = page.getByRole('status').filter({ hasText: 'Link copied' });
  await expect(copied).toBeVisible();
  // Above the dialog, not under it: its region is in the browser's top layer, raised when the toast came.
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveJSProperty('popover', 'manual');
  expect(await copied.evaluate((toast) => toast.closest('[popover]')?.matches(':popover-open'))).toBe(true);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A relative who reaches for the header's Sign Up still lands back on the invitation.
  const relative = await browser.newPage();
  await relative.goto(link);
  await relative.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await submitSignUp(relative, newPerson('nephew'), { navigate: false });
  await answerNameStep(relative, { first: 'Chidi', last: 'Okafor' });
  await expect(relative).toHaveURL(/\/join\//);
  await expect(relative.getByRole('heading', { name: new RegExp(familyName) })).toBeVisible();
  await relative.close();
});
