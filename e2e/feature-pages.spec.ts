import { openPublicPage } from './support/public-page.ts';
import { expect, test } from './support/test.ts';

const featurePages = [
  { path: '/photo-sharing', title: 'Photo Sharing', action: 'Start Sharing', leadsTo: '/signup' },
  { path: '/family-chat', title: 'Family Chat Room', action: 'Start Chatting', leadsTo: '/signup' },
  { path: '/family-calendar', title: 'Family Calendar', action: 'Join the Family', leadsTo: '/signup' },
  { path: '/family-tree-builder', title: 'Family Tree Builder', action: 'Start Your Tree', leadsTo: '/signup' },
  { path: '/family-outings', title: 'Family Outings', action: 'Start Planning', leadsTo: '/signup' },
] as const;

for (const feature of featurePages) {
  test(`${feature.path}: ${feature.title}, and ${feature.action} leads somewhere useful`, async ({ page }) => {
    await openPublicPage(page, feature.path);
    await expect(page.getByRole('heading', { name: feature.title, level: 1 })).toBeVisible();
    // Everything these pages describe is in the app: none says it is still to come.
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await page.getByRole('main').getByRole('link', { name: feature.action }).click();
    await expect(page).toHaveURL(new RegExp(`${feature.leadsTo}$`));
  });
}

test('the chat page has one address: its old one leads there', async ({ page }) => {
  const response = await page.request.get('/family-chat-room', { maxRedirects: 0, headers: { accept: 'text/html' } });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/family-chat');
  await page.goto('/family-chat-room');
  await expect(page).toHaveURL(/\/family-chat$/);
  await expect(page.getByRole('heading', { name: 'Family Chat Room', level: 1 })).toBeVisible();
});

test('legal, news and download pages say what they are', async ({ page }) => {
  for (const [path, title] of [
    ['/terms', /terms/i],
    ['/privacy', /privacy/i],
    ['/cookies', /cookie/i],
    ['/news', /news/i],
    ['/download', /download|get hearth/i],
  ] as const) {
    await openPublicPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  // News shows its tutorials as what they are, written steps, not videos that cannot play.
  await openPublicPage(page, '/news');
  await expect(page.getByRole('heading', { name: /video/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Play / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Read the steps' }).first().click();
  const tutorial = page.getByRole('dialog', { name: 'Getting Started: Create Your Family Circle' });
  await expect(tutorial.getByRole('listitem')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await openPublicPage(page, '/privacy');
  await expect(page.getByText(/25 June 2025/).first()).toBeVisible();
  await expect(page.getByText('Private by design: no ads, no data selling, no trackers, nothing leaves your family.').first()).toBeVisible();
  await expect(page.getByText(/end-to-end encrypt/i).first()).toBeVisible();
});
