import { close, comment, post, share, twoMembers, waitForOfflineReady } from './support/family.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

test('a post rings the bell on every device of the family, reading it on one clears the other, and a comment rings its author', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'bell');
  const { grandmaPage, sonPage } = family;
  // The son's laptop: a second device of his.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await laptopPage.goto('/login');
  await laptopPage.getByLabel('Email').fill(family.son.email);
  await laptopPage.getByLabel('Password', { exact: true }).fill(family.son.password);
  await laptopPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(laptopPage.getByRole('heading', { level: 1 })).toContainText(family.son.username);
  await expect(sonPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await share(grandmaPage, 'The plums are ripe, come and pick some');
  for (const page of [sonPage, laptopPage]) {
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 10_000 });
  }
  // She heard of her son joining; her own post rings nothing more.
  await expect(grandmaPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await grandmaPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(
    grandmaPage
      .getByRole('region', { name: 'Notifications' })
      .getByText(`${family.son.username} joined ${family.familyName}`),
  ).toBeVisible();
  await grandmaPage.keyboard.press('Escape');

  await sonPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const list = sonPage.getByRole('region', { name: 'Notifications' });
  await expect(list.getByText(`${family.grandma.username} shared a post`)).toBeVisible();
  await expect(list.getByText('“The plums are ripe, come and pick some”')).toBeVisible();
  await list.getByRole('button', { name: /shared a post/ }).click();
  await expect(sonPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(laptopPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({ timeout: 10_000 });

  // His comment on her post raises her bell while she looks at it.
  await comment(post(sonPage, 'The plums are ripe'), 'Coming Saturday!');
  await grandmaPage.getByRole('button', { name: 'Notifications, 2 unread' }).click({ timeout: 10_000 });
  await expect(
    grandmaPage
      .getByRole('region', { name: 'Notifications' })
      .getByText(`${family.son.username} commented on your post`),
  ).toBeVisible();

  await close(family.grandmaContext, family.sonContext, laptop);
});

test('the service worker shows every push as a notification, one per group, and Settings offers push on this device', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  await signUp(page, newPerson('push'));
  await waitForOfflineReady(page);

  // The browser's push service is not reachable here: DevTools hands the service worker a push as one would.
  const session = await context.newCDPSession(page);
  const registrations: string[] = [];
  session.on('ServiceWorker.workerRegistrationUpdated', (update) =>
    registrations.push(...update.registrations.map((registration) => registration.registrationId)),
  );
  await session.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const push = (data: string) =>
    session.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: registrations[0]!,
      data,
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag }) => ({
        title,
        body,
        tag,
      })),
    );

  await push(JSON.stringify({ title: 'Grandma shared a post', body: 'Plums!', path: '/', tag: 'f:new_post:posts' }));
  await expect.poll(shown).toEqual([{ title: 'Grandma shared a post', body: 'Plums!', tag: 'f:new_post:posts' }]);
  // More of the same group replaces it, as the bell gathers them; a push that is not Hearth's shape still shows.
  await push(JSON.stringify({ title: '2 new posts in The Smiths', body: 'Jam', path: '/', tag: 'f:new_post:posts' }));
  await push('not json');
  await expect.poll(shown).toEqual([
    { title: '2 new posts in The Smiths', body: 'Jam', tag: 'f:new_post:posts' },
    { title: 'Hearth', body: 'Something new in your family', tag: 'hearth' },
  ]);

  // Tapping a push opens its screen with `?family=`: that family is the one shown, and the address drops it.
  const families = ['The Smiths', 'The Okafors'];
  const familyIds: string[] = [];
  for (const name of families) {
    const created = await page.request.post('/api/families', { data: { name } });
    familyIds.push(((await created.json()) as { id: string }).id);
  }
  for (const index of [1, 0]) {
    await page.goto(`/?family=${familyIds[index]}`);
    await expect(page.getByRole('heading', { name: families[index], level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  }

  await page.goto('/settings');
  const deviceSwitch = page.getByRole('switch', { name: 'Notifications on this device' });
  await expect(deviceSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(
    page.getByText('Get a notification here when something happens, even with Hearth closed.'),
  ).toBeVisible();
  await context.close();
});
