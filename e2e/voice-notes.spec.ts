import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { withDatabase } from './support/database.ts';
import {
  close,
  goOffline,
  goOnline,
  openComments,
  post,
  share,
  twoMembers,
  waitForOfflineReady,
} from './support/family.ts';
import { expect, test } from './support/test.ts';

const run = promisify(execFile);

/**
 * A Chromium of this journey's own whose microphone hears a WAV made by ffmpeg (a voice-like tone, played in a loop),
 * and answers the permission question Allow, as a person would on that tap.
 */
let browser: Browser;

test.beforeAll(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'hearth-voice-e2e-'));
  const wav = join(folder, 'voice.wav');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=20',
    '-ar',
    '48000',
    '-ac',
    '1',
    wav,
  ]);
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
});

/** Records about `seconds` with the page's microphone and answers how long the recording ran, as measured here. */
async function record(page: Page, seconds: number): Promise<number> {
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeVisible();
  const startedAt = Date.now();
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText(new RegExp(`^0:0[${seconds}-9] `), {
    timeout: (seconds + 5) * 1000,
  });
  await stop.click();
  return Date.now() - startedAt;
}

function voiceNotesOf(familyId: string) {
  return withDatabase(
    (sql) =>
      sql<
        { id: string; message_id: string | null; photo_id: string | null; comment_id: string | null; duration_ms: number }[]
      >`
      select v.id, v.message_id, v.photo_id, v.comment_id, f.duration_ms from voice_notes v
      join voice_files f on f.voice_note_id = v.id where v.family_id = ${familyId} order by v.created_at`,
  );
}

/** Plays the page's voice note `voiceNoteId` and answers its sound's length in seconds, as the browser reads it. */
async function playedSeconds(page: Page, voiceNoteId: string): Promise<number> {
  const audio = page.locator(`audio[data-voice-note="${voiceNoteId}"]`);
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);
  return audio.evaluate((element: HTMLAudioElement) => element.duration);
}

test('a grandmother speaks in the chat and tells a photo’s story; her son hears both, his note sent offline lands once, and she hears his voice comment', async () => {
  const family = await twoMembers(browser, 'voice');
  test.setTimeout(180_000);
  const { grandmaPage, sonPage, sonContext, familyId } = family;
  // Each answers Allow when Hearth asks for the microphone.
  await family.grandmaContext.grantPermissions(['microphone']);
  await sonContext.grantPermissions(['microphone']);
  await sonPage.goto('/chat');
  await grandmaPage.goto('/chat');

  // Tap to start (the microphone is asked for only now), tap to stop, listen, send.
  await grandmaPage.getByRole('button', { name: 'Record a voice message' }).click();
  const measuredMs = await record(grandmaPage, 3);
  const yours = grandmaPage.getByRole('group', { name: 'Listen to your voice note' });
  await expect(yours.getByRole('button', { name: 'Play' })).toBeEnabled();
  await grandmaPage.getByRole('button', { name: 'Send voice message' }).click();

  // The son hears it: the copy every browser plays lasts as long as she spoke.
  const sonsMessages = sonPage.getByRole('list', { name: 'Messages' });
  const heard = sonsMessages.getByRole('group', { name: 'Voice message' });
  await expect(heard.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 15_000 });
  const [note] = await voiceNotesOf(familyId);
  expect(note?.message_id).not.toBeNull();
  expect(Math.abs(note!.duration_ms - measuredMs)).toBeLessThan(1_000);
  expect(Math.abs((await playedSeconds(sonPage, note!.id)) * 1000 - note!.duration_ms)).toBeLessThan(500);
  await heard.getByRole('button', { name: 'Play' }).click();
  await expect(heard.getByRole('button', { name: 'Pause' })).toBeVisible();
  await heard.getByRole('button', { name: 'Speed 1×, change' }).click();
  await expect(heard.getByRole('button', { name: 'Speed 1.5×, change' })).toBeVisible();

  // On a plane, the son answers in his voice: it waits on his phone, then lands once.
  await waitForOfflineReady(sonPage);
  await goOffline(sonContext, sonPage);
  await sonPage.getByRole('button', { name: 'Record a voice message' }).click();
  await record(sonPage, 2);
  await sonPage.getByRole('button', { name: 'Send voice message' }).click();
  await expect(sonsMessages.getByText('Sending…')).toHaveCount(1);
  await expect(sonsMessages.getByRole('group', { name: 'Voice message' })).toHaveCount(2);
  await goOnline(sonContext, sonPage);
  await expect(sonPage.getByText('Sending…')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await voiceNotesOf(familyId)).length, { timeout: 15_000 }).toBe(2);
  await expect(
    grandmaPage.getByRole('list', { name: 'Messages' }).getByRole('group', { name: 'Voice message' }),
  ).toHaveCount(2, {
    timeout: 10_000,
  });

  // A photo's story, told by grandma, heard by her son.
  await grandmaPage.goto('/photos');
  await grandmaPage.getByRole('button', { name: 'Upload Photos' }).click();
  const dialog = grandmaPage.getByRole('dialog', { name: 'Upload Photos' });
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c9895a' } })
    .jpeg()
    .toBuffer();
  await dialog
    .getByLabel(/Choose photos/)
    .setInputFiles({ name: 'wedding.jpg', mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByLabel('Title (optional)').fill('Our wedding, 1968');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await grandmaPage.getByRole('img', { name: 'Our wedding, 1968' }).click();
  await grandmaPage.getByRole('button', { name: 'Tell its story' }).click();
  await grandmaPage.getByRole('button', { name: 'Record my story' }).click();
  await record(grandmaPage, 2);
  await grandmaPage.getByRole('button', { name: 'Save story' }).click();
  await expect
    .poll(async () => (await voiceNotesOf(familyId)).filter((each) => each.photo_id).length, { timeout: 15_000 })
    .toBe(1);

  await sonPage.goto('/photos');
  await sonPage.getByRole('img', { name: 'Our wedding, 1968' }).click();
  await sonPage.getByRole('button', { name: 'Stories (1)' }).click();
  const story = sonPage.getByRole('group', { name: 'Story' });
  await expect(story.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 10_000 });
  const told = (await voiceNotesOf(familyId)).find((each) => each.photo_id)!;
  expect(Math.abs((await playedSeconds(sonPage, told.id)) * 1000 - told.duration_ms)).toBeLessThan(500);
  await story.getByRole('button', { name: 'Play' }).click();
  await expect(story.getByRole('button', { name: 'Pause' })).toBeVisible();

  // The son answers her post in his voice, with the same recorder; she hears it under her post.
  await grandmaPage.goto('/');
  await share(grandmaPage, 'The plums are ripe');
  await sonPage.goto('/');
  const sonsCard = post(sonPage, 'The plums are ripe');
  await openComments(sonsCard);
  await sonsCard.getByRole('button', { name: 'Add a voice comment' }).click();
  await record(sonPage, 2);
  await sonsCard.getByRole('button', { name: 'Send voice comment' }).click();
  await expect
    .poll(async () => (await voiceNotesOf(familyId)).filter((each) => each.comment_id).length, { timeout: 15_000 })
    .toBe(1);
  const grandmasCard = post(grandmaPage, 'The plums are ripe');
  await openComments(grandmasCard);
  const voiceComment = grandmasCard.getByRole('group', { name: 'Voice comment' });
  await expect(voiceComment.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 10_000 });
  const said = (await voiceNotesOf(familyId)).find((each) => each.comment_id)!;
  expect(Math.abs((await playedSeconds(grandmaPage, said.id)) * 1000 - said.duration_ms)).toBeLessThan(500);

  await close(family.grandmaContext, family.sonContext);
});
