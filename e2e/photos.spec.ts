import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { withDatabase } from './support/database.ts';
import { close, goOffline, goOnline, twoMembers, waitForOfflineReady } from './support/family.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

/** A phone's JPEG: a warm picture with the camera's GPS position in its EXIF. */
function phonePhoto(hue: number): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 210, g: 120 + hue, b: 90 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** How many photo thumbnails the page's person keeps on the device, read from their own database. */
function keptThumbnails(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const [name] = (await indexedDB.databases()).flatMap((info) =>
      info.name?.startsWith('hearth-') ? [info.name] : [],
    );
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name!);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      const counting = db.transaction('photoImages').objectStore('photoImages').count();
      return await new Promise<number>((resolve) => (counting.onsuccess = () => resolve(counting.result)));
    } finally {
      db.close();
    }
  });
}

function countPhotos(title: string): Promise<number> {
  return withDatabase(async (sql) => {
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from photos where title = ${title}`;
    return row?.count ?? 0;
  });
}

test('a grandmother shares an album and a photo, her son sees them live, without where it was taken', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'photos');
  // Two signups and a join first; then an album, an upload and a photo seen in two browsers.
  test.setTimeout(90_000);
  const { grandmaPage, sonPage } = family;
  await sonPage.goto('/photos');
  await expect(sonPage.getByRole('heading', { name: 'No photos yet' })).toBeVisible();

  await grandmaPage.goto('/photos');
  await grandmaPage.getByRole('button', { name: 'New Album' }).click();
  await grandmaPage.getByLabel('Album name').fill('Summer at the lake');
  await grandmaPage.getByRole('button', { name: 'Create Album' }).click();
  await expect(grandmaPage.getByRole('button', { name: /Summer at the lake/ })).toHaveAttribute('aria-pressed', 'true');

  await grandmaPage.getByRole('button', { name: 'Upload Photos' }).click();
  const dialog = grandmaPage.getByRole('dialog', { name: 'Upload Photos' });
  await dialog
    .getByLabel(/Choose photos/)
    .setInputFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(40) });
  await expect(dialog.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(1);
  await dialog.getByLabel('Title (optional)').fill('The lake at dawn');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(grandmaPage.getByText('1 photo(s) uploaded successfully!')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
  await expect(grandmaPage.getByRole('img', { name: 'The lake at dawn' })).toBeVisible();
  await expect(grandmaPage.getByText('1 photo(s) uploaded successfully!')).toHaveCount(1);

  // Live on the son's screen, in the album, as a real picture.
  await expect(sonPage.getByRole('button', { name: /Summer at the lake.*1 photo/ })).toBeVisible({ timeout: 10_000 });
  const tile = sonPage.getByRole('img', { name: 'The lake at dawn' });
  await expect(tile).toBeVisible();
  await expect.poll(() => tile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
  const photoId = await tile.evaluate((image: HTMLImageElement) => new URL(image.src).pathname.split('/')[3]!);
  await tile.click();
  const viewer = sonPage.getByRole('dialog', { name: 'The lake at dawn' });
  await expect(viewer).toContainText(`Shared by ${family.grandma.username}`);
  // Grandma's Photo Download setting allows it (the default): the son may download a copy without its location.
  await expect(viewer.getByRole('link', { name: 'Download original' })).toBeVisible();
  // The album is grandma's: only she (or another admin) may give it a cover.
  await expect(viewer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Set as album cover' })).toHaveCount(0);

  // What the son's browser can fetch of it carries no location; a stranger's browser gets nothing.
  const original = await sonPage.request.get(`/api/photos/${photoId}/original`);
  expect(original.status()).toBe(200);
  expect((await sharp(await original.body()).metadata()).exif).toBeUndefined();
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`/api/photos/${photoId}/preview`)).status()).toBe(401);
  await stranger.close();

  // A post with a photo: shown at once on her phone, and to her son once its file is up.
  await grandmaPage.goto('/');
  await grandmaPage.getByLabel('Share an update with your family').fill('Breakfast on the porch');
  await grandmaPage
    .getByLabel('Add photos')
    .setInputFiles({ name: 'porch.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(70) });
  await expect(grandmaPage.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(1);
  await grandmaPage.getByRole('button', { name: 'Share' }).click();
  const sonsCopy = sonPage.getByRole('article').filter({ hasText: 'Breakfast on the porch' });
  await sonPage.goto('/');
  await expect(sonsCopy.getByRole('list', { name: 'Photos' }).getByRole('img', { name: 'porch' })).toBeVisible({
    timeout: 15_000,
  });
  await sonsCopy.getByRole('img', { name: 'porch' }).click();
  await expect(sonPage.getByRole('dialog', { name: 'porch' })).toBeVisible();

  await close(family.grandmaContext, family.sonContext);
});

test('an iPhone photo picked offline waits on the phone, then lands once when the connection returns', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'offlinephoto');
  test.setTimeout(90_000);
  const { sonPage, sonContext } = family;
  await sonPage.goto('/photos');
  await expect(sonPage.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  await waitForOfflineReady(sonPage);
  await goOffline(sonContext, sonPage);

  const title = `From the plane ${Date.now().toString(36)}`;
  await sonPage.getByRole('button', { name: 'Upload Photos' }).click();
  const dialog = sonPage.getByRole('dialog', { name: 'Upload Photos' });
  // A HEIC, which Chromium gives no type and cannot draw: the server makes it a picture everyone can see.
  const heic = await readFile(new URL('../sync-server/testing/fixtures/iphone-hevc.heic', import.meta.url));
  await dialog.getByLabel(/Choose photos/).setInputFiles({ name: 'IMG_0042.HEIC', mimeType: '', buffer: heic });
  await expect(dialog.getByRole('img', { name: 'IMG_0042.HEIC' })).toHaveText('HEIC');
  await dialog.getByLabel('Title (optional)').fill(title);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(sonPage.getByText('Saved on this device')).toBeVisible();
  await expect(sonPage.getByText('Waiting to send')).toBeVisible();
  await sonPage.reload();
  await expect(sonPage.getByRole('img', { name: title })).toBeVisible();
  expect(await countPhotos(title)).toBe(0);

  await goOnline(sonContext, sonPage);
  await expect.poll(() => countPhotos(title), { timeout: 15_000 }).toBe(1);
  // On grandma's home, among Recent Photos, without her doing anything, as a picture her browser can draw.
  const grandmasTile = family.grandmaPage.getByRole('img', { name: title });
  await expect(grandmasTile).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => grandmasTile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
  await expect(sonPage.getByText('Waiting to send')).toHaveCount(0);
  expect(await countPhotos(title)).toBe(1);

  // Her phone keeps the family's thumbnails: on a plane, the Photos grid still shows the picture.
  const { grandmaPage, grandmaContext } = family;
  await waitForOfflineReady(grandmaPage);
  await expect.poll(() => keptThumbnails(grandmaPage)).toBe(1);
  await goOffline(grandmaContext, grandmaPage);
  await grandmaPage.goto('/photos');
  const offlineTile = grandmaPage.getByRole('img', { name: title });
  await expect.poll(() => offlineTile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);

  await close(family.grandmaContext, sonContext);
});
