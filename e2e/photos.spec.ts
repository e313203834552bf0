import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { seriousViolations } from './support/accessibility.ts';
import { withDatabase } from './support/database.ts';
import { close, createFamily, goOffline, goOnline, twoMembers, waitForOfflineReady } from './support/family.ts';
import type { Page } from '@playwright/test';
import { expect, newPerson, signUp, test } from './support/test.ts';

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
  // Shown from the family's address of its file (decision 0068): /api/families/:id/photos/:photoId/thumb.
  const photoId = await tile.evaluate((image: HTMLImageElement) => new URL(image.src).pathname.split('/')[5]!);
  await tile.click();
  // Titled by who shared it and when, never by a file name.
  const viewer = sonPage.getByRole('dialog', { name: new RegExp(`^Shared by ${family.grandma.username} on `) });
  await expect(viewer.getByText('The lake at dawn')).toBeVisible();
  await viewer.getByRole('button', { name: 'More' }).click();
  // Grandma's Photo Download setting allows it (the default): the son may download a copy without its location.
  await expect(viewer.getByRole('link', { name: 'Download original' })).toBeVisible();
  // The album is grandma's: only she (or another admin) may give it a cover; the photo is hers to change.
  await expect(viewer.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Set as album cover' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Delete/ })).toHaveCount(0);

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
  // Its × is a small disc on the corner, hiding little of the picture, in a button of 44 px.
  const chosen = grandmaPage.getByRole('list', { name: 'Chosen photos' });
  const picture = (await chosen.getByRole('img').boundingBox())!;
  const remove = chosen.getByRole('button', { name: 'Remove photo 1 of 1' });
  const disc = (await remove.locator('span').first().boundingBox())!;
  expect(disc.width * disc.height).toBeLessThan((picture.width * picture.height) / 8);
  expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await grandmaPage.getByRole('button', { name: 'Share' }).click();
  const sonsCopy = sonPage.getByRole('article').filter({ hasText: 'Breakfast on the porch' });
  await sonPage.goto('/');
  await expect(sonsCopy.getByRole('list', { name: 'Photos' }).getByRole('img', { name: 'porch' })).toBeVisible({
    timeout: 15_000,
  });
  await sonsCopy.getByRole('img', { name: 'porch' }).click();
  await expect(sonPage.getByRole('dialog', { name: /^Shared by/ }).getByText('porch')).toBeVisible();

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
  await expect(dialog.getByRole('img', { name: 'Photo 1 of 1' })).toHaveText('HEIC');
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

test('on a phone the viewer fills the screen, moves by keys and swipes, zooms, and Back closes it', async ({
  browser,
}) => {
  // A signup, a family and three uploads come before the journey itself.
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signUp(page, newPerson('viewer'));
  await createFamily(page, `The Gardeners ${Date.now().toString(36)}`);

  // An album whose name is whole on its chip, and three photos in it.
  await page.goto('/photos');
  await page.getByRole('button', { name: 'New Album' }).click();
  await page.getByLabel('Album name').fill('Garden 2026');
  await page.getByRole('button', { name: 'Create Album' }).click();
  const chipName = page.getByRole('button', { name: /Garden 2026/ }).getByText('Garden 2026');
  await expect(chipName).toBeVisible();
  expect(await chipName.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Photos' });
  await upload.getByLabel(/Choose photos/).setInputFiles(
    await Promise.all(
      ['roses', 'tulips', 'apples'].map(async (name, index) => ({
        name: `${name}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await phonePhoto(10 + index * 30),
      })),
    ),
  );
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('3 photo(s) uploaded successfully!')).toBeVisible({ timeout: 20_000 });
  const grid = page.getByRole('list', { name: 'Photos in this album' });
  await expect(grid.getByRole('img')).toHaveCount(3);

  // Full screen: the dialog is the whole window and the picture as wide as the phone.
  await grid.getByRole('img').first().click();
  const viewer = page.getByRole('dialog', { name: /^Shared by you on /i });
  await expect(viewer).toBeVisible();
  expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  const picture = viewer.getByRole('img');
  // The photo as drawn inside its box (object-fit: contain): a landscape photo spans the phone's width.
  const drawnWidth = () =>
    picture.evaluate((image: HTMLImageElement) =>
      Math.round(Math.min(image.clientWidth, (image.clientHeight * image.naturalWidth) / (image.naturalHeight || 1))),
    );
  await expect.poll(drawnWidth).toBe(390);
  await expect(viewer.getByText('1 of 3')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The arrow keys and the ‹ › buttons move; the first has no ‹.
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('2 of 3')).toBeVisible();
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByText('3 of 3')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('2 of 3')).toBeVisible();

  // A swipe to the left shows the next photo, to the right the one before.
  const swipe = async (fromX: number, toX: number) => {
    await page.mouse.move(fromX, 420);
    await page.mouse.down();
    await page.mouse.move((fromX + toX) / 2, 425, { steps: 4 });
    await page.mouse.move(toX, 430, { steps: 4 });
    await page.mouse.up();
  };
  await swipe(320, 80);
  await expect(viewer.getByText('3 of 3')).toBeVisible();
  await swipe(80, 320);
  await expect(viewer.getByText('2 of 3')).toBeVisible();

  // A double tap (here a double click) zooms in where it lands and out again; a swipe then moves nothing.
  const scale = () => picture.evaluate((image) => new DOMMatrix(getComputedStyle(image).transform).a);
  await picture.dblclick();
  await expect.poll(scale).toBe(2.5);
  await swipe(320, 80);
  await expect(viewer.getByText('2 of 3')).toBeVisible();
  await picture.dblclick();
  await expect.poll(scale).toBe(1);

  // The phone's Back closes it and stays on Photos; so does Escape, without leaving the page.
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(/\/photos$/);
  await grid.getByRole('img').first().click();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/photos$/);

  // Download original saves the file under its title with its real extension.
  await grid.getByRole('img').first().click();
  await viewer.getByRole('button', { name: 'More' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    viewer.getByRole('link', { name: 'Download original' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^(roses|tulips|apples)\.jpg$/);

  // Delete waits behind More and a question; Cancel keeps the photo.
  await viewer.getByRole('button', { name: 'More' }).click();
  await viewer.getByRole('button', { name: 'Delete photo…' }).click();
  await expect(viewer.getByText('Delete this photo for everyone in the family?')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await viewer.getByRole('button', { name: 'Cancel' }).click();
  await expect(viewer.getByText('Delete this photo for everyone in the family?')).toBeHidden();
  await viewer.getByRole('button', { name: 'More' }).click();
  await viewer.getByRole('button', { name: 'Delete photo…' }).click();
  await viewer.getByRole('button', { name: 'Delete photo', exact: true }).click();
  await expect(viewer).toBeHidden();
  await expect(grid.getByRole('img')).toHaveCount(2);

  await context.close();
});
