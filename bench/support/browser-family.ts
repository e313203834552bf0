import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { waitTimeoutMs } from './page-timing.ts';

async function signUp(context: BrowserContext, label: string): Promise<void> {
  const name = `${label}${randomUUID().slice(0, 8)}`;
  const password = 'bench-family-1';
  const answer = await context.request.post('/api/auth/signup', {
    data: { username: name, email: `${name}@example.test`, password, confirmPassword: password },
  });
  if (answer.status() !== 201) throw new Error(`signup answered ${answer.status()}`);
}

/**
 * A grandmother and her son, each in a browser context of their own (their requests carry their sessions), in one
 * family she made and he joined through its invitation link. Their pages wait as long as the machine's load asks.
 */
export async function browserFamily(browser: Browser, baseURL: string, name: string) {
  const grandma = await browser.newContext({ baseURL });
  const son = await browser.newContext({ baseURL });
  for (const context of [grandma, son]) context.setDefaultTimeout(waitTimeoutMs());
  await signUp(grandma, 'grandma');
  await signUp(son, 'son');
  const family = (await (await grandma.request.post('/api/families', { data: { name } })).json()) as { id: string };
  const invitation = (await (
    await grandma.request.post(`/api/families/${family.id}/invitations`, { data: {} })
  ).json()) as { token: string };
  const joined = await son.request.post('/api/invitations/accept', {
    data: { token: invitation.token, relationshipType: 'child' },
  });
  if (joined.status() >= 300) throw new Error(`join answered ${joined.status()}`);
  return { grandma, son, familyId: family.id };
}
