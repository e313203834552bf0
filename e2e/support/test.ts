import { test as base, expect, type Page } from '@playwright/test';

/** Every journey talks to the one server global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.HEARTH_E2E_URL;
    if (!url) throw new Error('HEARTH_E2E_URL is not set: the global setup did not start Hearth');
    await use(url);
  },
});

export { expect };

let counter = 0;

/** A person nobody else in this run uses, so journeys can run in parallel against one database. */
export function newPerson(label = 'member') {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  // The server derives the handle from the email's first part (at most 25 characters), so this is their username.
  const username = `${label.slice(0, 8)}_${unique}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'warm-hearth-42',
  };
}

export type Person = ReturnType<typeof newPerson>;

/** Fills in and sends the signup form, whatever the answer; `navigate: false` when the page already shows it. */
export async function submitSignUp(page: Page, person: Person, { navigate = true } = {}) {
  if (navigate) await page.goto('/signup');
  await page.getByLabel('Email').fill(person.email);
  // An invited sign-up offers a passkey first (decision 0055); these journeys make a password.
  const withPassword = page.getByRole('button', { name: 'Use a password instead' });
  if (await withPassword.isVisible()) await withPassword.click();
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The steps after signup: gives the name the family will see (or skips it as a person may), then passes on a passkey. */
export async function answerNameStep(page: Page, name?: { first: string; last: string }) {
  await expect(page.getByRole('heading', { name: 'What should your family call you?' })).toBeVisible();
  if (!name) {
    await page.getByRole('button', { name: 'Skip for now' }).click();
  } else {
    await page.getByLabel('First name').fill(name.first);
    await page.getByLabel('Last name').fill(name.last);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  // Then a passkey is offered once; these journeys sign in with passwords (passkeys.spec.ts adds one).
  await expect(page.getByRole('heading', { name: 'Sign in with your face or fingerprint next time' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
}

/** Signs up and skips the name step, so the home greets them by username. */
export async function signUp(page: Page, person: Person) {
  await submitSignUp(page, person);
  await answerNameStep(page);
  // Signed up once the home greets them: the account exists on the server from here on.
  // The home's first start (the device's database, the first pull) can take a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.username, { timeout: 15_000 });
}
