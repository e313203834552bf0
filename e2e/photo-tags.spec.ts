import sharp from 'sharp';
import { seriousViolations } from './support/accessibility.ts';
import { withDatabase } from './support/database.ts';
import { close, goOffline, goOnline, twoMembers, waitForOfflineReady } from './support/family.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

function picture(green: number): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: green, b: 110 } } })
    .jpeg()
    .toBuffer();
}

/** Who the database says is tagged in the photo titled `title`, by username. */
function taggedIn(title: string): Promise<string[]> {
  return withDatabase(async (sql) => {
    const rows = await sql<{ username: string }[]>`
      select u.username from photo_tags t join photos p on p.id = t.photo_id join users u on u.id = t.user_id
      where p.title = ${title} order by u.username
    `;
    return rows.map((row) => row.username);
  });
}

function viewerOf(page: Page) {
  return page.getByRole('dialog', { name: /^Shared by/ });
}

test('tagging on one device shows on the other, offline too, and Photos shows only the photos of one person', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'tags');
  // Two signups and a join (twoMembers), two uploads, then the journey across two browsers.
  test.setTimeout(120_000);
  const { grandma, son, grandmaPage, sonPage, sonContext } = family;
  const run = Date.now().toString(36);
  const [picnic, garden] = [`picnic${run}`, `garden${run}`];

  // Grandma shares two photos and says her son is in the picnic, where she taps on it.
  await grandmaPage.goto('/photos');
  await grandmaPage.getByRole('button', { name: 'Upload Photos' }).click();
  const upload = grandmaPage.getByRole('dialog', { name: 'Upload Photos' });
  await upload.getByLabel(/Choose photos/).setInputFiles([
    { name: `${picnic}.jpg`, mimeType: 'image/jpeg', buffer: await picture(150) },
    { name: `${garden}.jpg`, mimeType: 'image/jpeg', buffer: await picture(190) },
  ]);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(grandmaPage.getByText('2 photo(s) uploaded successfully!')).toBeVisible({ timeout: 20_000 });
  await grandmaPage.getByRole('img', { name: picnic }).click();
  const grandmasViewer = viewerOf(grandmaPage);
  await grandmasViewer.getByRole('button', { name: "Who's in this photo?" }).click();
  const stage = grandmasViewer.getByRole('img', { name: picnic });
  const box = (await stage.boundingBox())!;
  await grandmaPage.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
  await grandmasViewer.getByRole('button', { name: son.username, exact: true }).click();
  await expect(grandmasViewer.getByRole('button', { name: son.username, exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(grandmaPage)).toEqual([]);
  await grandmasViewer.getByRole('button', { name: 'Done' }).click();
  const grandmasChips = grandmasViewer.getByRole('list', { name: "Who's in this photo" });
  await expect(grandmasChips.getByText(son.username)).toBeVisible();
  await expect.poll(() => taggedIn(picnic), { timeout: 15_000 }).toEqual([son.username]);

  // The son is told, once, and the notification opens the photo with him in it.
  await sonPage.goto('/');
  await sonPage.getByRole('button', { name: /^Notifications, \d unread$/ }).click({ timeout: 15_000 });
  await sonPage.getByText(`${grandma.username} tagged you in a photo`).click();
  const sonsViewer = viewerOf(sonPage);
  await expect(sonsViewer.getByRole('img', { name: picnic })).toBeVisible({ timeout: 10_000 });
  const sonsChips = sonsViewer.getByRole('list', { name: "Who's in this photo" });
  await expect(sonsChips.getByText('You')).toBeVisible();
  // A dot where grandma placed him.
  await expect(sonsViewer.getByText('You', { exact: true })).toHaveCount(2);

  // Offline, he says grandma is in it too: saved on his phone, sent once when the connection returns.
  await waitForOfflineReady(sonPage);
  await goOffline(sonContext, sonPage);
  await sonsViewer.getByRole('button', { name: 'Tag someone' }).click();
  await sonsViewer.getByRole('button', { name: grandma.username, exact: true }).click();
  await sonsViewer.getByRole('button', { name: 'Done' }).click();
  await expect(sonsChips.getByText(grandma.username)).toBeVisible();
  await sonPage.waitForTimeout(500);
  expect(await taggedIn(picnic)).toEqual([son.username]);
  await goOnline(sonContext, sonPage);
  await expect.poll(() => taggedIn(picnic), { timeout: 15_000 }).toEqual([grandma.username, son.username].sort());
  await expect(grandmasChips.getByText('You')).toBeVisible({ timeout: 10_000 });

  // Filtered by person: only the photos she is in.
  await sonPage.keyboard.press('Escape');
  await sonPage.goto('/photos');
  await expect(sonPage.getByRole('img', { name: garden })).toBeVisible();
  await sonPage.getByRole('navigation', { name: 'People' }).getByRole('button', { name: grandma.username, exact: true }).click();
  const hers = sonPage.getByRole('list', { name: `Photos of ${grandma.username}` });
  await expect(hers.getByRole('img', { name: picnic })).toBeVisible();
  await expect(hers.getByRole('img')).toHaveCount(1);

  // The Family Tree offers each tagged person's photos.
  await grandmaPage.keyboard.press('Escape');
  await grandmaPage.goto('/family-tree');
  await grandmaPage.getByRole('link', { name: `Photos of ${son.username} (1)` }).click();
  await expect(grandmaPage.getByRole('list', { name: `Photos of ${son.username}` }).getByRole('img')).toHaveCount(1);

  // He takes his own tag off; it goes from her screen too, and from the database.
  await sonPage.getByRole('button', { name: 'Everyone' }).click();
  await sonPage.getByRole('img', { name: picnic }).click();
  await sonsViewer.getByRole('button', { name: 'Remove your tag' }).click();
  await expect.poll(() => taggedIn(picnic), { timeout: 15_000 }).toEqual([grandma.username]);
  await expect(grandmaPage.getByRole('heading', { name: `No photos of ${son.username} here yet` })).toBeVisible({
    timeout: 10_000,
  });

  await close(family.grandmaContext, sonContext);
});
