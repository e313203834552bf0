/**
 * Voice messages on the device (decision 0058), in the system Chromium against the real server (the production
 * build) on loopback, two people of one family each in a browser context of their own with /chat open, the sender's
 * microphone Chromium's fake one hearing a WAV made by ffmpeg:
 * - from Send on Grandma's screen to her son's screen showing the voice message ready to play (its sound uploaded,
 *   checked and made playable by ffmpeg, the voice note named, pulled, its player's Play enabled), beside a text
 *   message from Enter to its text on his screen, in the same run, alternately.
 * `node --import tsx bench/voice-delivery.ts [--rounds 8]`. Needs `npm run build`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { browserFamily } from './support/browser-family.ts';
import { latencyFigures, milliseconds } from './support/figures.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '8' } } });
const rounds = Number(values.rounds);

const folder = await mkdtemp(join(tmpdir(), 'hearth-voice-bench-'));
const wav = join(folder, 'voice.wav');
await promisify(execFile)('ffmpeg', [
  '-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=30:c=pink:a=0.4,tremolo=f=3:d=0.9', '-ar', '48000', '-ac', '1', wav,
]); // prettier-ignore

/** Records about a second and a half on `page`, leaving it ready to send. */
async function recordOnce(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Record a voice message' }).click();
  await page
    .getByRole('timer', { name: 'Recording time' })
    .filter({ hasText: /^0:0[2-9] / })
    .waitFor();
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Send voice message' }).waitFor();
}

const hearth = await startHearth();
const browser = await chromium.launch({
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
  ],
});
try {
  const { grandma, son } = await browserFamily(browser, hearth.url, 'The Bench family');
  await grandma.grantPermissions(['microphone']);
  const grandmaPage = await grandma.newPage();
  const sonPage = await son.newPage();
  for (const page of [grandmaPage, sonPage]) {
    await page.goto('/chat');
    await page.getByPlaceholder('Type your message...').waitFor();
  }
  const sonsMessages = sonPage.getByRole('list', { name: 'Messages' });
  const textTimes: number[] = [];
  const voiceTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const text = `bench: text ${round}`;
    const input = grandmaPage.getByPlaceholder('Type your message...');
    await input.fill(text);
    let sentAt = Date.now();
    await input.press('Enter');
    await sonsMessages.getByText(text).waitFor({ timeout: 30_000 });
    textTimes.push(Date.now() - sentAt);

    await recordOnce(grandmaPage);
    sentAt = Date.now();
    await grandmaPage.getByRole('button', { name: 'Send voice message' }).click();
    await sonsMessages
      .getByRole('group', { name: 'Voice message' })
      .nth(round)
      .getByRole('button', { name: 'Play' })
      .and(sonPage.locator(':enabled'))
      .waitFor({ timeout: 60_000 });
    voiceTimes.push(Date.now() - sentAt);
  }
  console.log(`Send to the other screen, ${rounds} rounds each, alternately, same run:`);
  console.log(
    `  text message (Enter to its text shown):       ${latencyFigures(textTimes)}  [${milliseconds(textTimes)}]`,
  );
  console.log(
    `  voice message (Send to Play enabled, ~2 s):   ${latencyFigures(voiceTimes)}  [${milliseconds(voiceTimes)}]`,
  );
} finally {
  await browser.close();
  await hearth.stop();
}
