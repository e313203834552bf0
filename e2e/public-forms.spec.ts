import { startHearth, type RunningHearth } from './support/hearth-server.ts';
import { withDatabase } from './support/database.ts';
import { openPublicPage } from './support/public-page.ts';
import { expect, test } from './support/test.ts';

test('the contact form asks for all five fields, then stores the message', async ({ page }) => {
  await openPublicPage(page, '/contact');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of ['Full name is required', 'Email is required', 'Please choose a message type', 'Subject is required', 'Message is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }

  const subject = `Photos of the reunion ${Date.now()}`;
  await form.getByLabel('Full Name', { exact: true }).fill('Margaret Smith');
  await form.getByLabel('Email', { exact: true }).fill('Margaret@Example.com');
  await form.getByLabel('Message Type', { exact: true }).selectOption('feedback');
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Message', { exact: true }).fill('The <b>big</b> buttons are lovely.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Thank you for contacting us! We'll get back to you soon.")).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue('');

  const rows = await withDatabase((sql) => sql`select email, message_type, message from contact_messages where subject = ${subject}`);
  expect(rows).toEqual([{ email: 'margaret@example.com', message_type: 'feedback', message: 'The <b>big</b> buttons are lovely.' }]);
});

test('the suggestion box stores an idea, with or without an address', async ({ page }) => {
  await openPublicPage(page, '/contact');
  await page.getByRole('button', { name: 'Suggestion Box' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggestion Box' });
  await dialog.getByRole('button', { name: 'Share Suggestion' }).click();
  await expect(dialog.getByText('Please write your suggestion')).toBeVisible();

  const idea = `A birthday reminder for great-aunts ${Date.now()}`;
  await dialog.getByLabel('Your suggestion').fill(idea);
  await dialog.getByRole('button', { name: 'Share Suggestion' }).click();
  await expect(page.getByText('Your ideas help us improve the product for all families!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const rows = await withDatabase((sql) => sql`select email from suggestions where suggestion = ${idea}`);
  expect(rows).toEqual([{ email: null }]);
});

test('the newsletter form refuses a bad address and stores a good one', async ({ page }) => {
  await openPublicPage(page, '/news');
  const email = page.getByLabel('Email');
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  const address = `news.${Date.now()}@example.com`;
  await email.fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(email).toHaveValue('');
  const rows = await withDatabase((sql) => sql`select 1 from newsletter_subscriptions where email = ${address}`);
  expect(rows).toHaveLength(1);
});

test.describe('a burst of public forms', () => {
  let hearth: RunningHearth;

  // A server of its own with a small limit, so this burst does not use up the shared server's allowance.
  test.beforeAll(async () => {
    hearth = await startHearth({ PUBLIC_FORM_RATE_LIMIT_PER_IP: '2' });
  });
  test.afterAll(async () => {
    await hearth?.stop();
  });

  test('is told to wait, and keeps what was typed', async ({ page }) => {
    await openPublicPage(page, `${hearth.url}/news`);
    const email = page.getByLabel('Email');
    // Sent with Enter: the thanks for one comes up over the Subscribe button, where a click on the next could land.
    for (let sent = 0; sent < 2; sent += 1) {
      await email.fill(`burst.${sent}.${Date.now()}@example.com`);
      await email.press('Enter');
      await expect(email).toHaveValue('');
    }
    await email.fill('one.too.many@example.com');
    await email.press('Enter');
    await expect(page.getByText(/Please wait a few minutes and try again/)).toBeVisible();
    await expect(email).toHaveValue('one.too.many@example.com');
  });
});
