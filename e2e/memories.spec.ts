import { countPosts, withDatabase } from './support/database.ts';
import { createFamily, goOffline, post, share, waitForOfflineReady } from './support/family.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

test('a post back-dated three years shows On this day on a new device, offline too, and opens', async ({ browser }) => {
  // A signup, a family and a sign-in on a second device come before the journey's own steps.
  test.setTimeout(60_000);
  const run = Date.now().toString(36);
  const snow = `First snow at the cabin ${run}`;
  const grandma = newPerson('grandma');
  const grandmaContext = await browser.newContext();
  const first = await grandmaContext.newPage();
  await signUp(first, grandma);
  await createFamily(first, `The Frosts ${run}`);
  await share(first, snow);
  await expect.poll(() => countPosts(snow), { timeout: 20_000 }).toBe(1);
  // Shared today, it is no memory yet.
  await expect(first.getByRole('heading', { name: 'On this day' })).toHaveCount(0);

  // What no screen can do: the post was written three years ago today.
  await withDatabase((sql) => sql`update posts set created_at = now() - interval '3 years' where content = ${snow}`);

  // Her tablet, signed in afresh, gets the family's posts as the server has them.
  const tabletContext = await browser.newContext();
  const tablet = await tabletContext.newPage();
  await tablet.goto('/login');
  await tablet.getByLabel('Email').fill(grandma.email);
  await tablet.getByLabel('Password', { exact: true }).fill(grandma.password);
  await tablet.getByRole('button', { name: 'Sign In' }).click();
  const memories = tablet.getByRole('region', { name: 'On this day' });
  await expect(memories.getByRole('heading', { name: /^3 years ago today/ })).toBeVisible({ timeout: 15_000 });
  await memories.getByRole('button', { name: new RegExp(snow) }).click();
  const opened = tablet.getByRole('dialog');
  await expect(opened.getByRole('article').filter({ hasText: snow })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Comment' })).toBeVisible();
  await tablet.keyboard.press('Escape');
  await expect(opened).toBeHidden();

  // Read from the device alone: the memory is there when the app starts with no network.
  await waitForOfflineReady(tablet);
  await goOffline(tabletContext, tablet);
  await tablet.reload();
  // As signUp waits for the home: its start from the device can take a while on a busy machine.
  await expect(memories.getByRole('button', { name: new RegExp(snow) })).toBeVisible({ timeout: 15_000 });
});

test("another family's memories never show on a family's home", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36);
  const theirs = `Their wedding day ${run}`;
  // The other family, made through the API: a person, a family and a post written three years ago today.
  const other = await browser.newContext({ baseURL });
  const person = newPerson('other');
  const signup = await other.request.post('/api/auth/signup', {
    data: {
      username: person.username,
      email: person.email,
      password: person.password,
      confirmPassword: person.password,
    },
  });
  expect(signup.status()).toBe(201);
  const family = (await (
    await other.request.post('/api/families', { data: { name: `The Others ${run}` } })
  ).json()) as {
    id: string;
  };
  expect((await other.request.post(`/api/families/${family.id}/posts`, { data: { content: theirs } })).status()).toBe(
    201,
  );
  await withDatabase((sql) => sql`update posts set created_at = now() - interval '3 years' where content = ${theirs}`);

  const page = await browser.newPage();
  await signUp(page, newPerson('neighbour'));
  await createFamily(page, `The Neighbours ${run}`);
  await share(page, `Hello from next door ${run}`);
  await expect(post(page, `Hello from next door ${run}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On this day' })).toHaveCount(0);
  await expect(page.getByText(theirs)).toHaveCount(0);
});
