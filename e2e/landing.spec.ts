import { withDatabase } from './support/database.ts';
import { openPublicPage } from './support/public-page.ts';
import { expect, test } from './support/test.ts';

test('the landing page has every section, its anchors and links to each feature page', async ({ page }) => {
  await page.goto('/');
  // Drawn before any JavaScript ran: the prerendered page already says what Hearth is.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openPublicPage(page, '/');

  for (const section of [
    'Real Families, Real Connections',
    'Family Memories Flow',
    'Key Features',
    'How It Works',
    'What Families Say',
    'About Hearth',
    'Our Story',
    'Launch Timeline',
  ]) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  for (const anchor of ['features', 'how-it-works', 'about', 'story']) {
    await expect(page.locator(`#${anchor}`)).toHaveCount(1);
  }
  await expect(page.getByLabel('5 out of 5 stars')).toHaveCount(3);
  for (const path of ['/photo-sharing', '/family-chat-room', '/family-calendar', '/family-tree-builder', '/family-outings']) {
    await expect(page.locator(`#features a[href="${path}"]`)).toHaveCount(1);
  }
  await expect(page.getByText(`© ${new Date().getFullYear()} Hearth`)).toBeVisible();

  await page.locator('#features a[href="/family-calendar"]').click();
  await expect(page).toHaveURL(/\/family-calendar$/);
  await expect(page.getByRole('heading', { name: 'Family Calendar', level: 1 })).toBeVisible();
});

test('the carousel moves every 4 s, jumps with its dots and holds still under the pointer', async ({ page }) => {
  await page.clock.install();
  await openPublicPage(page, '/');
  // Time moves only when the test says so, however busy the machine is.
  await page.clock.pauseAt(Date.now() + 1_000);
  const carousel = page.getByRole('group', { name: 'Family moments' });
  const dot = (n: number) => carousel.getByRole('button', { name: new RegExp(`^Slide ${n}:`) });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');

  await page.clock.runFor(4_000);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await dot(1).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');

  await carousel.hover();
  await page.clock.runFor(8_000);
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await page.mouse.move(0, 0);
  await carousel.getByRole('button', { name: 'Pause slides' }).focus();
  await page.clock.runFor(8_000);
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
});

test('the memory rows drift one pixel per 20 ms, in opposite directions, and stop for reduced motion', async ({ page }) => {
  await page.clock.install();
  await openPublicPage(page, '/');
  await page.clock.pauseAt(Date.now() + 1_000);
  const rows = page.locator('[data-memory-row]');
  await page.getByRole('heading', { name: 'Family Memories Flow' }).scrollIntoViewIfNeeded();
  // The rows start once the browser has seen them on screen, in its own time and not the page's clock: until every
  // row has been drawn once, a frame of the page's time moves nothing.
  await expect
    .poll(async () => {
      await page.clock.runFor(20);
      return rows.evaluateAll((tracks) => tracks.every((track) => track.style.transform !== ''));
    })
    .toBe(true);
  await page.clock.runFor(2_000);
  const offsets = () =>
    rows.evaluateAll((tracks) => tracks.map((track) => new DOMMatrix(getComputedStyle(track).transform).m41));
  const before = await offsets();
  expect(before).toHaveLength(3);
  await page.clock.runFor(5_000);
  const after = await offsets();
  // Each row wraps after one copy of its pictures (half its width): count the distance modulo that.
  const widths = await rows.evaluateAll((tracks) => tracks.map((track) => Math.round(track.scrollWidth / 2)));
  const moved = after.map((x, index) => {
    const width = widths[index]!;
    const distance = (((Math.round(x - before[index]!) % width) + width) % width);
    return distance > width / 2 ? distance - width : distance;
  });
  // 5,000 ms at 1 px per 20 ms: 250 px, rows 0 and 2 one way and row 1 the other (give or take a pixel of rounding).
  for (const distance of moved) expect(Math.abs(Math.abs(distance) - 250)).toBeLessThanOrEqual(2);
  expect(Math.sign(moved[0]!)).toBe(Math.sign(moved[2]!));
  expect(Math.sign(moved[1]!)).toBe(-Math.sign(moved[0]!));

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPublicPage(page, '/');
  await page.getByRole('heading', { name: 'Family Memories Flow' }).scrollIntoViewIfNeeded();
  const still = await offsets();
  await page.clock.runFor(1_000);
  expect(await offsets()).toEqual(still);
});

test('the dialogs open from the page and close again', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPublicPage(page, '/');

  await page.getByRole('button', { name: 'About the iOS App' }).click();
  const launching = page.getByRole('dialog', { name: 'Launching Soon' });
  await expect(launching.getByText("We're working hard behind the scenes!")).toBeVisible();
  await expect(launching.getByRole('link', { name: 'Create Your Family Circle' })).toHaveAttribute('href', '/signup');
  await launching.getByRole('button', { name: 'Close' }).first().click();
  await expect(launching).toBeHidden();

  await page.getByRole('button', { name: 'See an Invitation Link' }).click();
  const invitation = page.getByRole('dialog', { name: 'Create Your Family Circle' });
  await invitation.getByRole('button', { name: 'Copy Link' }).click();
  await expect(invitation.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await invitation.getByLabel('Sample invitation link').inputValue(),
  );
  await page.keyboard.press('Escape');
  await expect(invitation).toBeHidden();

  await page.getByRole('banner').getByRole('button', { name: 'Download App' }).click();
  const download = page.getByRole('dialog', { name: 'Download the App' });
  await expect(download).toBeVisible();
  await expect(download.getByText(/App Store|Google Play/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(download).toBeHidden();
  await page.evaluate(() => window.dispatchEvent(new Event('showDownloadPopup')));
  await expect(download).toBeVisible();
});

test('a visitor reads the page with no app script; a tap on a button starts the app and is done', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  // Read, not touched: no script of the app was fetched (docs/decisions/0047-a-public-page-is-read-before-its-app-
  // starts.md), and the early-access form waits for it.
  expect(scripts).toEqual([]);
  await expect(page.locator('#stay-updated form')).toHaveAttribute('inert', '');

  // The first tap, on a button the app draws a dialog for: held until the app has adopted the page, then done.
  await page.getByRole('banner').getByRole('button', { name: 'Download App' }).click();
  await expect(page.getByRole('dialog', { name: 'Download the App' })).toBeVisible();
  await expect(page.locator('[data-prerendered][data-adopted]')).toHaveCount(1);
  await expect(page.locator('#stay-updated form')).not.toHaveAttribute('inert');
  expect(scripts.length).toBeGreaterThan(0);
});

test('Stay Updated: empty and invalid emails are refused, a valid one is stored and thanked', async ({ page }) => {
  await openPublicPage(page, '/');
  const email = page.getByLabel('Email address');
  const notify = page.getByRole('button', { name: 'Notify Me', exact: true });

  await notify.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('grandma@');
  await notify.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  const address = `early.${Date.now()}@example.com`;
  await email.fill(address);
  await notify.click();
  const thanks = page.getByRole('dialog', { name: 'Thank You!' });
  await expect(thanks).toContainText("We've received your request for early access to the product.");
  await expect(email).toHaveValue('');
  const stored = await withDatabase((sql) => sql`select 1 from early_access_signups where email = ${address}`);
  expect(stored).toHaveLength(1);
});

test('the landing page is drawn in the HTML the server sends, before any script runs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<div data-prerendered>');
  expect(html).toMatch(/<h1[^>]*>[^<]+/);
  expect(html).toContain('Real Families, Real Connections');
  expect(html).toContain('<title>A private home for your family · Hearth</title>');
});
