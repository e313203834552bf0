import { startTestMailServer } from '../sync-server/testing/test-mail-server.ts';
import { close, twoMembers } from './support/family.ts';
import { startHearth } from './support/hearth-server.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

test('Forgot password? emails a one-time link that sets a new password and signs out everywhere else', async ({
  browser,
}) => {
  // A server of its own, with email, starts first.
  test.setTimeout(120_000);
  const mail = await startTestMailServer();
  // A server of its own, with email.
  const hearth = await startHearth({ SMTP_URL: mail.smtpUrl, MAIL_FROM: 'Hearth <hearth@example.test>' });
  const phone = await browser.newContext({ baseURL: hearth.url });
  const laptop = await browser.newContext({ baseURL: hearth.url });
  try {
    const rose = newPerson('rose');
    const laptopPage = await laptop.newPage();
    await signUp(laptopPage, rose);

    const page = await phone.newPage();
    await page.goto('/login');
    // The address typed on the sign-in screen comes along: nobody types it twice.
    await page.getByLabel('Email').fill(rose.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(rose.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    await expect.poll(() => mail.received.length, { timeout: 10_000 }).toBe(1);
    const link = /http\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.received[0]?.text ?? '')?.[0];
    expect(link?.startsWith(hearth.url)).toBe(true);
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('roses in june');
    await page.getByLabel('Confirm new password').fill('roses in june');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(rose.username, { timeout: 15_000 });

    // The laptop's session ended with the reset (401, or 204 once its open page has heard so and the cookie went);
    // the link is used up.
    expect([401, 204]).toContain((await laptopPage.request.get('/api/auth/user')).status());
    const other = await laptop.newPage();
    await other.goto(link!);
    await other.getByLabel('New password', { exact: true }).fill('someone else');
    await other.getByLabel('Confirm new password').fill('someone else');
    await other.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(other.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  } finally {
    await close(phone, laptop);
    await hearth.stop();
    await mail.close();
  }
});

test('without email, the login screen says whom to ask, and an admin makes a reset link in the Family Tree', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'reset');
  test.setTimeout(120_000);
  const { grandmaPage, son } = family;
  await grandmaPage.getByRole('link', { name: 'Family Tree' }).first().click();
  await grandmaPage.getByRole('button', { name: `Manage ${son.username}` }).click();
  const dialog = grandmaPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Make a password reset link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Password reset link' });
  await expect(field).toHaveValue(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
  const link = await field.inputValue();

  // The son, on a new phone, forgot his password.
  const newPhone = await browser.newContext();
  const page = await newPhone.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByText("This Hearth can't send email, but your family can help.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a link' })).toHaveCount(0);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a brand new one');
  await page.getByLabel('Confirm new password').fill('a brand new one');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByRole('heading', { name: family.familyName, level: 2 })).toBeVisible({ timeout: 10_000 });
  // His session ended with the reset: 401, or 204 once his open page has heard so and the cookie went.
  expect([401, 204]).toContain((await family.sonPage.request.get('/api/auth/user')).status());
  await close(family.grandmaContext, family.sonContext, newPhone);
});
