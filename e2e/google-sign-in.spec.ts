import { randomBytes } from 'node:crypto';
import { connect } from '../sync-server/database.ts';
import { startTestOpenIdProvider } from '../sync-server/testing/test-openid-provider.ts';
import { startHearth } from './support/hearth-server.ts';
import { expect, test } from './support/test.ts';

test('Continue with Google makes an account through a local OpenID provider, and signs back into the same one', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const provider = await startTestOpenIdProvider();
  // A server of its own, told to send Google sign-in to the local provider.
  const hearth = await startHearth({
    GOOGLE_CLIENT_ID: 'hearth-e2e',
    GOOGLE_CLIENT_SECRET: 'hearth-e2e-secret',
    GOOGLE_TEST_ISSUER: provider.issuer,
  });
  const context = await browser.newContext({ baseURL: hearth.url });
  const page = await context.newPage();
  try {
    const unique = randomBytes(4).toString('hex');
    provider.signsIn({
      sub: `google-${unique}`,
      email: `ada.${unique}@example.test`,
      email_verified: true,
      given_name: 'Ada',
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada', { timeout: 15_000 });

    await page.goto('/settings');
    await expect(page.getByText('You sign in with Google.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    // Signing out ends on the home page.
    await expect(page.getByRole('heading', { name: 'A warm home online for your whole family' })).toBeVisible();

    await page.getByRole('link', { name: 'Log In' }).first().click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada', { timeout: 15_000 });
    const sql = connect(hearth.databaseUrl, 1);
    const accounts = await sql`select google_sub from users where email = ${`ada.${unique}@example.test`}`;
    await sql.end();
    expect(accounts).toEqual([{ google_sub: `google-${unique}` }]);
  } finally {
    await context.close();
    await hearth.stop();
    await provider.close();
  }
});
