import type { Browser, CDPSession, Page } from '@playwright/test';
import { startTestMailServer } from '../sync-server/testing/test-mail-server.ts';
import { withDatabase } from './support/database.ts';
import { close, createFamily, makeInviteLink } from './support/family.ts';
import { startHearth, type RunningHearth } from './support/hearth-server.ts';
import { expect, newPerson, signUp, test, type Person } from './support/test.ts';

/** Chromium's DevTools virtual authenticator: a phone's platform passkey store that always says "verified". */
async function addVirtualAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');

test('a passkey added in Settings signs its person back in by autofill; a second is added and one removed', async ({
  browser,
}) => {
  // A server of its own, a sign-up and three WebAuthn ceremonies.
  test.setTimeout(180_000);
  // WebAuthn refuses an IP address as the relying party: a Hearth of its own, reached as localhost.
  const hearth = await startHearth({}, { host: 'localhost' });
  const context = await browser.newContext({ baseURL: hearth.url });
  try {
    await journey(await context.newPage());
  } finally {
    await context.close();
    await hearth.stop();
  }
});

async function journey(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const phone = await addVirtualAuthenticator(cdp);
  const person = newPerson('passkey');
  await signUp(page, person);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeyList(page)).toHaveCount(1);
  await expect(passkeyList(page).first()).toContainText(/^Chrome on /);
  await expect(passkeyList(page).first()).toContainText('not used yet');

  await signOut(page);
  // The login screen offers the passkey among the email field's suggestions (conditional UI); the virtual
  // authenticator picks it as a person tapping the suggestion would, often before the page has finished loading: the
  // page goes there itself, since a navigation the test waited on would be cut short by the sign-in's own.
  await page.evaluate(() => void setTimeout(() => window.location.assign('/login')));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.username, { timeout: 15_000 });

  // A second device: another authenticator, another passkey.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: phone });
  await addVirtualAuthenticator(cdp);
  await page.goto('/settings');
  await expect(passkeyList(page)).toHaveCount(1);
  await expect(passkeyList(page).first()).toContainText('Last used');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeyList(page)).toHaveCount(2);
  await passkeyList(page).first().getByRole('button', { name: /^Remove the passkey/ }).click();
  await expect(passkeyList(page)).toHaveCount(1);
}

/** What a newcomer did, from opening the invite link to the family's home: each click or typed field is a step. */
type JoinTiming = { steps: number; seconds: number };

/** Opens the invite link signed out and joins as a newcomer, with a passkey alone or with a password. */
async function joinByInvite(page: Page, link: string, person: Person, way: 'passkey' | 'password'): Promise<JoinTiming> {
  let steps = 0;
  const step = async (action: Promise<unknown>) => {
    steps += 1;
    await action;
  };
  const started = performance.now();
  await step(page.goto(link));
  await step(page.getByRole('link', { name: 'Create an account' }).click());
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
  await step(page.getByLabel('Email').fill(person.email));
  if (way === 'passkey') {
    // The device's face, fingerprint or screen lock: the virtual authenticator answers as the person would.
    await step(page.getByRole('button', { name: 'Create Account with a Passkey' }).click());
  } else {
    await step(page.getByRole('button', { name: 'Use a password instead' }).click());
    await step(page.getByLabel('Password', { exact: true }).fill(person.password));
    await step(page.getByLabel('Confirm Password').fill(person.password));
    await step(page.getByRole('button', { name: 'Create Account' }).click());
  }
  await expect(page.getByRole('heading', { name: 'What should your family call you?' })).toBeVisible();
  await step(page.getByRole('button', { name: 'Skip for now' }).click());
  if (way === 'password') {
    await expect(page.getByRole('heading', { name: 'Sign in with your face or fingerprint next time' })).toBeVisible();
    await step(page.getByRole('button', { name: 'Not now' }).click());
  }
  await expect(page).toHaveURL(/\/join\//);
  await step(page.getByRole('combobox', { name: /^You are .+'s…$/ }).selectOption({ label: 'Son' }));
  await step(page.getByRole('button', { name: /^Join / }).click());
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  return { steps, seconds: (performance.now() - started) / 1000 };
}

/** A family on a Hearth of its own (reached as localhost, as passkeys need), with an open invite link. */
async function familyWithInvite(browser: Browser, hearth: RunningHearth) {
  const context = await browser.newContext({ baseURL: hearth.url });
  const page = await context.newPage();
  await signUp(page, newPerson('admin'));
  const familyName = `The Smiths ${Date.now().toString(36)}`;
  await createFamily(page, familyName);
  await expect
    .poll(() => withDatabase((sql) => sql`select 1 from families where name = ${familyName}`, hearth.databaseUrl).then((rows) => rows.length))
    .toBe(1);
  const link = await makeInviteLink(page);
  await context.close();
  return { familyName, link };
}

test('an invited person joins with a passkey alone, signs back in by autofill, and deletes with the passkey', async ({
  browser,
}) => {
  // A server of its own, two sign-ups by invitation, and five WebAuthn ceremonies.
  test.setTimeout(240_000);
  const hearth = await startHearth({}, { host: 'localhost' });
  const phone = await browser.newContext({ baseURL: hearth.url });
  const laptop = await browser.newContext({ baseURL: hearth.url });
  try {
    const { familyName, link } = await familyWithInvite(browser, hearth);
    const page = await phone.newPage();
    const cdp = await phone.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const firstPhone = await addVirtualAuthenticator(cdp);
    const grandma = newPerson('grandma');
    const withPasskey = await joinByInvite(page, link, grandma, 'passkey');
    await expect(page.getByRole('heading', { name: familyName, level: 2 })).toBeVisible({ timeout: 15_000 });
    const [account] = await withDatabase(
      (sql) => sql<{ password_hash: string | null }[]>`select password_hash from users where email = ${grandma.email}`,
      hearth.databaseUrl,
    );
    expect(account).toEqual({ password_hash: null });

    // The same steps with a password, in the same run, for the comparison.
    const withPassword = await joinByInvite(await laptop.newPage(), link, newPerson('nephew'), 'password');
    console.log(
      `invite link to family home: passkey ${withPasskey.steps} steps ${withPasskey.seconds.toFixed(1)} s; ` +
        `password ${withPassword.steps} steps ${withPassword.seconds.toFixed(1)} s`,
    );

    // Settings offers a password, and keeps the only passkey.
    await page.goto('/settings');
    await expect(page.getByText('You sign in with a passkey. Add a password to sign in on devices without one too.')).toBeVisible();
    await expect(passkeyList(page)).toHaveCount(1);
    await passkeyList(page).first().getByRole('button', { name: /^Remove the passkey/ }).click();
    await expect(page.getByText('This passkey is the only way you can sign in.', { exact: false })).toBeVisible();
    await expect(passkeyList(page)).toHaveCount(1);

    await signOut(page);
    // Autofill may sign in before the login page has loaded, as above.
    await page.evaluate(() => void setTimeout(() => window.location.assign('/login')));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(grandma.username, { timeout: 15_000 });

    // A second device's passkey, then the first one removed.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: firstPhone });
    await addVirtualAuthenticator(cdp);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeyList(page)).toHaveCount(2);
    await passkeyList(page).filter({ hasText: 'Last used' }).getByRole('button', { name: /^Remove the passkey/ }).click();
    await expect(passkeyList(page)).toHaveCount(1);

    // Deleting asks for a fresh sign-in: ten minutes on, the passkey confirms it.
    await withDatabase(
      (sql) => sql`update sessions set created_at = now() - interval '11 minutes' where user_id = (select id from users where email = ${grandma.email})`,
      hearth.databaseUrl,
    );
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(dialog.getByText('For your safety, confirm with your passkey', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm with your passkey' }).click();
    await expect(page).toHaveURL(/\/account-deleted$/, { timeout: 15_000 });
  } finally {
    await close(phone, laptop);
    await hearth.stop();
  }
});

test('Email me a link signs in the device that asked; another browser needs the code it showed', async ({ browser }) => {
  test.setTimeout(120_000);
  const mail = await startTestMailServer();
  const hearth = await startHearth({ SMTP_URL: mail.smtpUrl, MAIL_FROM: 'Hearth <hearth@example.test>' });
  const setUp = await browser.newContext({ baseURL: hearth.url });
  const phone = await browser.newContext({ baseURL: hearth.url });
  const laptop = await browser.newContext({ baseURL: hearth.url });
  const tablet = await browser.newContext({ baseURL: hearth.url });
  try {
    const rose = newPerson('rose');
    await signUp(await setUp.newPage(), rose);
    const linkIn = async (count: number) => {
      await expect.poll(() => mail.received.length, { timeout: 10_000 }).toBe(count);
      const link = /http\S+\/login#sign-in-link=[A-Za-z0-9_-]{43}/.exec(mail.received[count - 1]?.text ?? '')?.[0];
      expect(link?.startsWith(hearth.url)).toBe(true);
      return link!;
    };
    const ask = async (page: Page) => {
      await page.goto('/login');
      // The address typed for a password comes along to the link's screen.
      await page.getByLabel('Email').fill(rose.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in with a link', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(rose.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      return (await page.getByLabel(/^Code /).innerText()).replace(/\s/g, '');
    };

    // Opened on the phone that asked: signed in at once, and the link is used up.
    const phonePage = await phone.newPage();
    await ask(phonePage);
    const first = await linkIn(1);
    await phonePage.goto(first);
    await expect(phonePage.getByRole('heading', { level: 1 })).toContainText(rose.username, { timeout: 15_000 });
    const laptopPage = await laptop.newPage();
    await laptopPage.goto(first);
    await expect(laptopPage.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

    // Asked on a tablet, opened on the laptop: the laptop asks for the tablet's code.
    const code = await ask(await tablet.newPage());
    const second = await linkIn(2);
    const laptopAgain = await laptop.newPage();
    await laptopAgain.goto(second);
    await expect(laptopAgain.getByRole('heading', { name: 'Type the code' })).toBeVisible();
    await laptopAgain.getByRole('textbox', { name: 'Code' }).fill(code);
    await laptopAgain.getByRole('button', { name: 'Sign in here' }).click();
    await expect(laptopAgain.getByRole('heading', { level: 1 })).toContainText(rose.username, { timeout: 15_000 });
  } finally {
    await close(setUp, phone, laptop, tablet);
    await hearth.stop();
    await mail.close();
  }
});

/** Sign Out, then wait for its own move to the landing page: the page shows Log In a moment before it leaves. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
}
