import { expect, newPerson, signUp, test } from './support/test.ts';

test('a person deletes their account from Settings, and their email and password open nothing after', async ({
  page,
}) => {
  const person = newPerson('leaving');
  await signUp(page, person);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('shown as “Former member”', { exact: false })).toBeVisible();

  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();

  await dialog.getByLabel('Your password').fill(person.password);
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
});
