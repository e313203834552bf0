import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { freePort } from '../sync-server/testing/free-port.ts';
import { countPosts } from './support/database.ts';
import { createFamily, joinAsNewcomer, makeInviteLink, post, share } from './support/family.ts';
import { startHearth } from './support/hearth-server.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

/**
 * Issue 18: two server processes on one PostgreSQL and one S3-compatible store (s3rver), grandma's browser on one and
 * her son's on the other. What either makes reaches the other live; rate limits count across both; stopping the
 * instance she used loses nothing it acknowledged.
 */
test('two instances serve one family: posts, chat and photos cross between them live, limits count across both, and one can die', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const s3Port = await freePort();
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: await mkdtemp(join(tmpdir(), 'hearth-e2e-s3-')),
    configureBuckets: [{ name: 'hearth-photos', configs: [] }],
  });
  await s3.run();
  const objectStore = {
    PHOTO_STORAGE: 's3',
    S3_BUCKET: 'hearth-photos',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const first = await startHearth({ ...objectStore, AUTH_RATE_LIMIT_PER_IP: '10000' });
  const second = await startHearth({ ...objectStore, AUTH_RATE_LIMIT_PER_IP: '10000' }, { sharing: first });
  const grandmaContext = await browser.newContext({ baseURL: first.url });
  const sonContext = await browser.newContext({ baseURL: second.url });
  try {
    const [grandmaPage, sonPage] = [await grandmaContext.newPage(), await sonContext.newPage()];
    const grandma = newPerson('grandma');
    await signUp(grandmaPage, grandma);
    await createFamily(grandmaPage, `The Twins ${Date.now().toString(36)}`);
    const link = await makeInviteLink(grandmaPage);
    await grandmaPage.keyboard.press('Escape');
    await grandmaPage.goto('/');
    // The link names the first instance; he opens it on the second.
    await joinAsNewcomer(sonPage, link.replace(first.url, second.url), newPerson('son'), 'Son');

    await share(grandmaPage, 'Made on the first instance');
    await expect(post(sonPage, 'Made on the first instance')).toBeVisible({ timeout: 10_000 });

    await Promise.all([grandmaPage.goto('/chat'), sonPage.goto('/chat')]);
    const sonsInput = sonPage.getByPlaceholder('Type your message...');
    await sonsInput.fill('Sent through the second');
    await sonsInput.press('Enter');
    await expect(grandmaPage.getByRole('list', { name: 'Messages' }).getByText('Sent through the second')).toBeVisible({
      timeout: 10_000,
    });

    // A photo stored by the first instance in the object store, shown by the second.
    await Promise.all([grandmaPage.goto('/photos'), sonPage.goto('/photos')]);
    await grandmaPage.getByRole('button', { name: 'Upload Photos' }).click();
    const upload = grandmaPage.getByRole('dialog', { name: 'Upload Photos' });
    const bytes = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 160, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    await upload.getByLabel(/Choose photos/).setInputFiles({ name: 'sea.jpg', mimeType: 'image/jpeg', buffer: bytes });
    await upload.getByLabel('Title (optional)').fill('The sea from the first');
    await upload.getByRole('button', { name: 'Upload' }).click();
    const tile = sonPage.getByRole('img', { name: 'The sea from the first' });
    await expect(tile).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(() => tile.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);

    // Guessing her password on both instances: the sixth try is refused wherever it lands.
    const tryLogin = (url: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: grandma.email, password: 'not her password' }),
      }).then((response) => response.status);
    const statuses = [];
    for (const url of [first.url, second.url, first.url, second.url, first.url, second.url])
      statuses.push(await tryLogin(url));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // Her last post acknowledged, the first instance is killed: the second still has it.
    await grandmaPage.goto('/');
    await share(grandmaPage, 'The last word before the first stops');
    // Acknowledged: committed by the first instance.
    await expect
      .poll(() => countPosts('The last word before the first stops', first.databaseUrl), { timeout: 20_000 })
      .toBe(1);
    await first.kill();
    await sonPage.goto('/');
    await expect(post(sonPage, 'The last word before the first stops')).toBeVisible({ timeout: 10_000 });
  } finally {
    await grandmaContext.close();
    await sonContext.close();
    // The second first: the first's stop drops the database they share.
    await second.stop();
    await first.stop();
    await s3.close();
  }
});
