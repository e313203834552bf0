import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { createFamily, goOffline, goOnline, waitForOfflineReady } from './support/family.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

/** A photo shared through the API as the app does it: the file under a new id, then the photo naming it. */
async function sharePhoto(request: APIRequestContext, familyId: string, hue: number): Promise<string> {
  const photoId = crypto.randomUUID();
  const buffer = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 100 + hue, b: 80 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await request.post(`/api/families/${familyId}/photos/${photoId}/file`, {
    multipart: { file: { name: 'garden.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(upload.status()).toBe(201);
  const photo = await request.post(`/api/families/${familyId}/photos`, {
    data: { title: null, imageUrl: `/api/photos/${photoId}/preview` },
  });
  expect(photo.status()).toBe(201);
  return photoId;
}

test('a frame link opens a slideshow with no session, shows new photos live, nothing else, and goes dark', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const grandma = newPerson('frame');
  await signUp(page, grandma);
  await createFamily(page, `The Mantels ${run}`);
  // Made on the device first: the server has it once the device has sent it.
  let familyId = '';
  await expect
    .poll(
      async () => {
        const families = (await (await page.request.get('/api/families')).json()) as { id: string }[];
        familyId = families[0]?.id ?? '';
        return familyId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const first = await sharePhoto(page.request, familyId, 10);

  // The admin makes the link in the Family Tree, and sees it as a QR code.
  await page.goto('/family-tree');
  await page.getByRole('button', { name: 'Photo frame' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo frame' });
  await dialog.getByRole('button', { name: 'Make a frame link' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code to scan with the frame' })).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: 'Frame link' }).inputValue();
  expect(link).toMatch(/\/frame#[A-Za-z0-9_-]{43}$/);

  // The tablet: a new browser with no person's session.
  const tabletContext = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const tablet = await tabletContext.newPage();
  await tablet.goto(link.replace('/frame#', '/frame?every=1500#'));
  const caption = tablet.getByTestId('frame-caption');
  await expect(caption).toHaveText(new RegExp(`^Shared by ${grandma.username} · `), { timeout: 15_000 });
  const front = tablet.locator('img[data-front="true"]');
  await expect(front).toHaveAttribute('data-photo-id', first);
  expect(await front.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // The token is not left in the address bar.
  expect(new URL(tablet.url()).hash).toBe('');

  // A photo shared now joins the slideshow live.
  const second = await sharePhoto(page.request, familyId, 60);
  await expect(tablet.locator(`img[data-front="true"][data-photo-id="${second}"]`)).toBeVisible({ timeout: 15_000 });

  // With no network, it goes on from the pictures it keeps.
  await waitForOfflineReady(tablet);
  await goOffline(tabletContext, tablet);
  await tablet.reload();
  await expect(caption).toHaveText(new RegExp(`^Shared by ${grandma.username} · `), { timeout: 15_000 });
  await goOnline(tabletContext, tablet);

  // The frame's browser gets nothing else: not the feed, the chat, the members, nor an original.
  for (const url of [
    `/api/families/${familyId}/posts`,
    `/api/families/${familyId}/messages?before=2`,
    `/api/families/${familyId}/members`,
    '/api/families',
  ]) {
    expect((await tabletContext.request.get(url)).status(), url).toBe(401);
  }
  expect((await tabletContext.request.get(`/api/frame/photos/${first}/original`)).status()).toBe(400);

  // Listed for the admin (the dialog opened again), and turned off: the frame goes dark.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Photo frame' }).click();
  await expect(dialog.getByRole('button', { name: 'Make a frame link' })).toBeVisible();
  const frames = dialog.getByRole('region', { name: "The family's frames" });
  await expect(frames.getByText(/^Last seen/)).toBeVisible();
  await frames.getByRole('button', { name: /^Turn off/ }).click();
  await expect(tablet.getByText('This frame has been turned off.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(tablet.locator('img')).toHaveCount(0);
  await tabletContext.close();
});
