import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { withDatabase } from './support/database.ts';
import { close, goOffline, goOnline, hearthDatabases, twoMembers, waitForOfflineReady } from './support/family.ts';
import { expect, test } from './support/test.ts';

function messagesOf(familyId: string): Promise<string[]> {
  return withDatabase(async (sql) => {
    const rows = await sql<{ content: string; message_type: string }[]>`
      select content, message_type from messages where family_id = ${familyId} order by number`;
    return rows.map((row) => (row.message_type === 'photo' ? '[photo]' : row.content));
  });
}

function readThroughOf(familyId: string, email: string): Promise<number> {
  return withDatabase(async (sql) => {
    const [row] = await sql<{ read_through: string }[]>`
      select r.read_through from chat_reads r join users u on u.id = r.user_id
      where r.family_id = ${familyId} and u.email = ${email}`;
    return Number(row?.read_through ?? 0);
  });
}

/**
 * Holds the device's outbox with a write transaction of its own, as a slow phone's storage would, so the app's next
 * write waits for it; `window.releaseOutbox()` lets it go.
 */
async function holdOutbox(page: Page) {
  const [name] = await hearthDatabases(page);
  await page.evaluate(async (database) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(database!);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const held = { on: true };
    (window as unknown as { releaseOutbox: () => void }).releaseOutbox = () => (held.on = false);
    const transaction = db.transaction('outbox', 'readwrite');
    const outbox = transaction.objectStore('outbox');
    // A transaction stays open while it has requests: one more each time the last answers, until released.
    const keepOpen = () => {
      if (held.on) outbox.count().onsuccess = keepOpen;
    };
    keepOpen();
    transaction.oncomplete = () => db.close();
  }, name);
}

test('a family chats live, a son writes on a plane and it lands once in order, with a photo and unread counts', async ({
  browser,
}) => {
  const family = await twoMembers(browser, 'chat');
  test.setTimeout(90_000);
  const { grandmaPage, sonPage, sonContext, familyId } = family;

  await sonPage.goto('/chat');
  await expect(sonPage.getByRole('heading', { name: 'Start the Conversation' })).toBeVisible();
  await grandmaPage.goto('/chat');
  const grandmaInput = grandmaPage.getByPlaceholder('Type your message...');
  await expect(grandmaPage.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

  // Shift+Enter makes a new line; Enter sends. The son sees it live, both lines of it.
  await grandmaInput.fill('Hello dear,');
  await grandmaInput.press('Shift+Enter');
  await grandmaInput.pressSequentially('how was the flight?');
  await grandmaInput.press('Enter');
  await expect(grandmaInput).toHaveValue('');
  const sonsMessages = sonPage.getByRole('list', { name: 'Messages' });
  await expect(sonsMessages.getByText('Hello dear,\nhow was the flight?')).toBeVisible({ timeout: 5_000 });
  await expect(sonPage.getByText(`${family.familyName} · 1 person chatting`)).toBeVisible();
  // Read where he is: nothing is counted as unread.
  await expect.poll(() => readThroughOf(familyId, family.son.email), { timeout: 5_000 }).toBe(1);
  await expect(sonPage.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // Away from the chat, the son's Chat link counts what arrives; opening it marks it read.
  await sonPage.goto('/');
  await grandmaInput.fill('Lunch on Sunday?');
  await grandmaInput.press('Enter');
  await expect(sonPage.getByRole('link', { name: 'Chat (1 unread)' })).toBeVisible({ timeout: 10_000 });
  await sonPage.getByRole('link', { name: 'Chat (1 unread)' }).click();
  await expect(sonPage.getByText('New messages')).toBeVisible();
  await expect(sonPage.getByRole('link', { name: 'Chat', exact: true })).toBeVisible({ timeout: 5_000 });

  // On a plane: three messages, shown at once as Sending…, landing once and in order when he is back.
  await waitForOfflineReady(sonPage);
  await goOffline(sonContext, sonPage);
  const sonInput = sonPage.getByPlaceholder('Type your message...');
  // The first is still being kept on the device (held here) when he types the next and presses Enter: it goes too.
  await holdOutbox(sonPage);
  await sonInput.fill('Landed!');
  await sonInput.press('Enter');
  await sonInput.fill('Taxi now');
  await sonInput.press('Enter');
  await expect(sonsMessages.getByText('Sending…')).toHaveCount(0);
  await sonPage.evaluate(() => (window as unknown as { releaseOutbox: () => void }).releaseOutbox());
  await expect(sonsMessages.getByText('Sending…')).toHaveCount(2);
  await expect(sonInput).toHaveValue('');
  await sonInput.fill('See you soon');
  await sonInput.press('Enter');
  await expect(sonsMessages.getByText('Sending…')).toHaveCount(3);
  await sonPage.reload();
  await expect(sonPage.getByRole('list', { name: 'Messages' }).getByText('Sending…')).toHaveCount(3);
  await goOnline(sonContext, sonPage);
  await expect(sonPage.getByText('Sending…')).toHaveCount(0, { timeout: 15_000 });
  const grandmasMessages = grandmaPage.getByRole('list', { name: 'Messages' });
  await expect(grandmasMessages.getByText('See you soon')).toBeVisible({ timeout: 10_000 });
  expect(await messagesOf(familyId)).toEqual([
    'Hello dear,\nhow was the flight?',
    'Lunch on Sunday?',
    'Landed!',
    'Taxi now',
    'See you soon',
  ]);

  // A photo from his library: an image in the chat on her screen, which opens the viewer.
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c97' } })
    .jpeg()
    .toBuffer();
  // Picked photos wait with Send and Cancel: a wrong pick is let go and reaches nobody.
  const picked = sonPage.getByRole('group', { name: 'Photos to send' });
  await sonPage.getByLabel('Send photos').setInputFiles({ name: 'wrong.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(picked.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();
  await picked.getByRole('button', { name: 'Cancel' }).click();
  await expect(picked).toHaveCount(0);
  await sonPage.getByLabel('Send photos').setInputFiles({ name: 'taxi.jpg', mimeType: 'image/jpeg', buffer: photo });
  await picked.getByRole('button', { name: 'Send photo' }).click();
  await expect(picked).toHaveCount(0);
  await expect(grandmasMessages.getByRole('button', { name: 'taxi' })).toBeVisible({ timeout: 15_000 });
  await grandmasMessages.getByRole('button', { name: 'taxi' }).click();
  await expect(grandmaPage.getByRole('dialog')).toBeVisible();
  await grandmaPage.keyboard.press('Escape');

  // He deletes a message: it says so on her screen, and the server keeps only its place.
  await sonsMessages
    .getByRole('listitem')
    .filter({ hasText: 'Taxi now' })
    .getByRole('button', { name: 'Delete message' })
    .click();
  await sonPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(grandmasMessages.getByText('Message deleted')).toBeVisible({ timeout: 10_000 });
  await expect(grandmasMessages.getByText('Taxi now')).toHaveCount(0);
  expect(await messagesOf(familyId)).toEqual([
    'Hello dear,\nhow was the flight?',
    'Lunch on Sunday?',
    'Landed!',
    '',
    'See you soon',
    '[photo]',
  ]);

  await close(family.grandmaContext, sonContext);
});
