import { seriousViolations } from './support/accessibility.ts';
import { withDatabase } from './support/database.ts';
import { close, goOffline, goOnline, twoMembers, waitForOfflineReady } from './support/family.ts';
import { expect, test } from './support/test.ts';

function answersTo(title: string): Promise<string[]> {
  return withDatabase(async (sql) => {
    const rows = await sql<{ status: string }[]>`
      select a.status from event_attendees a join events e on e.id = a.event_id where e.title = ${title}`;
    return rows.map((row) => row.status);
  });
}

/** Tomorrow at noon in the browser's own time, as a datetime-local field takes it. */
function tomorrowAtNoon(): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T12:00`;
}

test('a grandmother plans lunch, her son answers live, then changes his answer offline and it lands once', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'events');
  // The journey, its bell and two axe scans: minutes on a busy machine.
  test.setTimeout(150_000);
  const { grandmaPage, sonPage, sonContext } = family;
  const title = `Sunday lunch ${Date.now().toString(36)}`;

  await sonPage.goto('/events');
  await expect(sonPage.getByRole('heading', { name: 'No Upcoming Events' })).toBeVisible();

  await grandmaPage.goto('/events');
  await grandmaPage.getByRole('button', { name: 'Create Event' }).click();
  const form = grandmaPage.getByRole('dialog', { name: 'Create New Event' });
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Start date is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Starts').fill(tomorrowAtNoon());
  await form.getByLabel('Where (optional)').fill('The garden');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(grandmaPage.getByText('Event created successfully!')).toBeVisible();
  await expect(form).toBeHidden();

  // Live on the son's screen, with tomorrow's badge; he answers.
  const sonsCard = sonPage.getByRole('article', { name: title });
  await expect(sonsCard).toBeVisible({ timeout: 10_000 });
  await expect(sonsCard.getByText('Tomorrow')).toBeVisible();
  // Its maker is coming unless she says otherwise; the card says so by name, and See details opens it.
  await expect(sonsCard.getByText(`${family.grandma.username} is coming`)).toBeVisible();
  await sonsCard.getByRole('button', { name: `See details of ${title}` }).click();
  const sonsView = sonPage.getByRole('dialog', { name: title });
  await expect(sonsView.getByRole('region', { name: 'Coming' })).toContainText(family.grandma.username);
  await sonPage.keyboard.press('Escape');
  await expect(sonsView).toBeHidden();
  await expect(sonPage).toHaveURL(/\/events$/);
  await sonsCard.getByRole('button', { name: 'Attending' }).click();
  await expect(sonPage.getByText('You are attending for this event.')).toBeVisible();
  await expect(sonsCard.getByRole('button', { name: 'Attending' })).toHaveAttribute('aria-pressed', 'true');

  const grandmasCard = grandmaPage.getByRole('article', { name: title });
  await expect(grandmasCard.getByText(`You and ${family.son.username} are coming`)).toBeVisible({ timeout: 10_000 });
  await expect(grandmasCard.getByRole('button', { name: 'Attending' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => answersTo(title)).toEqual(['attending']);

  // Her bell says who is coming to what, and opens that event over the list; Back leaves it for the list.
  expect(await seriousViolations(grandmaPage)).toEqual([]);
  // Her son joining is news too: two unread.
  await grandmaPage.getByRole('button', { name: 'Notifications, 2 unread' }).click({ timeout: 10_000 });
  await grandmaPage
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(`${family.son.username} is coming to ${title}`) })
    .click();
  const opened = grandmaPage.getByRole('dialog', { name: title });
  await expect(opened.getByRole('region', { name: 'Coming' })).toContainText(family.son.username);
  await expect(grandmaPage).toHaveURL(/\/events$/);
  expect(await seriousViolations(grandmaPage)).toEqual([]);
  await grandmaPage.goBack();
  await expect(opened).toBeHidden();
  await expect(grandmaPage).toHaveURL(/\/events$/);

  // His phone's calendar subscribes to a private address that lists the family's events, no sign-in needed.
  await sonPage.getByRole('button', { name: 'Add to my calendar' }).click();
  const subscription = sonPage.getByRole('dialog', { name: 'Your family calendar' });
  await subscription.getByRole('button', { name: 'Make my calendar address' }).click();
  const address = await subscription.getByLabel('Your calendar address').inputValue();
  const calendar = await (await browser.newContext()).request.get(address);
  expect(await calendar.text()).toContain(`SUMMARY:${title}`);
  await sonPage.keyboard.press('Escape');

  // On a plane: he can't make it after all.
  await waitForOfflineReady(sonPage);
  await goOffline(sonContext, sonPage);
  await sonsCard.getByRole('button', { name: "Can't Make It" }).click();
  await expect(sonsCard.getByRole('button', { name: "Can't Make It" })).toHaveAttribute('aria-pressed', 'true');
  await expect(sonsCard.getByText('Waiting to send')).toBeVisible();
  await sonPage.reload();
  await expect(
    sonPage.getByRole('article', { name: title }).getByRole('button', { name: "Can't Make It" }),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(await answersTo(title)).toEqual(['attending']);
  await goOnline(sonContext, sonPage);
  await expect.poll(() => answersTo(title), { timeout: 15_000 }).toEqual(['not_attending']);
  await expect(sonPage.getByRole('article', { name: title }).getByText('Waiting to send')).toHaveCount(0);

  // Grandma's page for the event says who is coming and who is not.
  await expect(grandmasCard.getByText('You are coming')).toBeVisible({ timeout: 10_000 });
  await grandmasCard.getByRole('button', { name: title, exact: true }).click();
  const page = grandmaPage.getByRole('dialog', { name: title });
  await expect(page.getByRole('region', { name: "Can't make it" })).toContainText(family.son.username);
  await expect(page.getByRole('region', { name: 'Coming' })).toContainText(family.grandma.username);

  // Add to calendar gives the phone's calendar a file of the event.
  const download = grandmaPage.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await file.path())!, 'utf8')).toContain(`SUMMARY:${title}`);

  // She deletes it; it goes from his screen too.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete event' }).click();
  await expect(sonPage.getByRole('article', { name: title })).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(() => answersTo(title)).toEqual([]);

  // Her birthday, from her profile, is a yearly entry on her son's screen (the day and month only).
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await grandmaPage.goto('/profile');
  await grandmaPage.getByRole('button', { name: 'Edit Profile' }).click();
  await grandmaPage.getByLabel('Day', { exact: true }).selectOption(String(tomorrow.getDate()));
  await grandmaPage.getByLabel('Month', { exact: true }).selectOption(String(tomorrow.getMonth() + 1));
  await grandmaPage.getByLabel('Year (optional)').fill('1946');
  await grandmaPage.getByRole('button', { name: 'Save Changes' }).click();
  // In the browser's own order (decision 0048): "29 November 1946" or "November 29, 1946".
  const [day, month] = [tomorrow.getDate(), tomorrow.toLocaleString('en-GB', { month: 'long' })];
  await expect(grandmaPage.getByText(new RegExp(`^(${day} ${month}|${month} ${day},) 1946$`))).toBeVisible();
  const birthday = sonPage.getByRole('article', { name: `${family.grandma.username}’s birthday` });
  await expect(birthday.getByText('Tomorrow')).toBeVisible({ timeout: 10_000 });
  await expect(sonPage.getByText('1946')).toHaveCount(0);

  await close(family.grandmaContext, sonContext);
});
