/**
 * An invitation link opened on a slow phone's connection (400 kbps down and up, 400 ms round trips: Chromium's own
 * network emulation through CDP), side by side in one run: the link as the server now answers it, the join page
 * drawn with its invitation (sync-server/plugins/invitation-page.ts), and the baseline, the same build without the
 * page the server draws into, so the link gets the app shell, whose code then asks for the invitation, as before.
 * Measured from navigation start: first contentful paint, and the frame that first shows the invitation's heading
 * ("… invited you to join … on Hearth"). 3 rounds each, alternating, a fresh browser context (empty cache, no
 * service worker) each time. Needs `npm run build`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth, type RunningHearth } from '../e2e/support/hearth-server.ts';
import { joinPageFile } from '../sync-server/plugins/invitation-page.ts';
import { benchApi } from './support/api-setup.ts';
import { median, milliseconds } from './support/figures.ts';
import { waitTimeoutMs } from './support/page-timing.ts';

const rounds = 3;
const link = { latencyMs: 400, bytesPerSecond: (400 * 1000) / 8 };

/** A family with an open invitation on `hearth`: its link. */
async function invitationLink(hearth: RunningHearth): Promise<string> {
  const rose = await benchApi(hearth.url).signUp('rose');
  const post = (path: string, body: unknown) =>
    fetch(`${hearth.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: rose.cookie },
      body: JSON.stringify(body),
    });
  const family = await post('/api/families', { name: 'The Millers' });
  if (family.status !== 201) throw new Error(`Could not make a family: ${family.status}`);
  const { id: familyId } = (await family.json()) as { id: string };
  const response = await post(`/api/families/${familyId}/invitations`, {});
  if (response.status !== 201) throw new Error(`Could not make an invitation: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return `${hearth.url}/join/${token}`;
}

/**
 * Init script, as text so that no build step wraps it: the time of the first animation frame in which the
 * invitation's heading is shown.
 */
const watchInvitation = `(() => {
  const look = () => {
    const heading = document.querySelector('#invitation-title');
    if (heading && heading.checkVisibility()) window.invitationShownMs = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function openOnSlowLink(browser: Browser, url: string): Promise<{ fcpMs: number; invitationMs: number }> {
  const context = await browser.newContext();
  await context.addInitScript({ content: watchInvitation });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.latencyMs,
      downloadThroughput: link.bytesPerSecond,
      uploadThroughput: link.bytesPerSecond,
    });
    await page.goto(url, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(() => (window as { invitationShownMs?: number }).invitationShownMs, null, {
      timeout: waitTimeoutMs(),
    });
    const invitationMs = (await shown.jsonValue()) as number;
    const paint = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      null,
      { timeout: waitTimeoutMs() },
    );
    const fcpMs = (await paint.jsonValue()) as number;
    return { fcpMs, invitationMs };
  } finally {
    await context.close();
  }
}

const builtApp = fileURLToPath(new URL('../dist/', import.meta.url));
const shellOnlyDir = mkdtempSync(join(tmpdir(), 'hearth-invite-baseline-'));
cpSync(builtApp, shellOnlyDir, { recursive: true });
rmSync(join(shellOnlyDir, joinPageFile));

const drawn = await startHearth();
const shellOnly = await startHearth({ STATIC_DIR: shellOnlyDir });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const links = [await invitationLink(drawn), await invitationLink(shellOnly)];
  const results = links.map(() => ({ fcp: [] as number[], shown: [] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < links.length; turn += 1) {
      const index = (round + turn) % links.length;
      const { fcpMs, invitationMs } = await openOnSlowLink(browser, links[index]!);
      console.log(`  round ${round + 1}, ${index === 0 ? 'drawn' : 'baseline'}: FCP ${fcpMs.toFixed(0)} ms, invitation ${invitationMs.toFixed(0)} ms`);
      results[index]!.fcp.push(fcpMs);
      results[index]!.shown.push(invitationMs);
    }
  }
  const [now, before] = results;
  console.log(
    `An invitation link at ${link.bytesPerSecond * 8 / 1000} kbps, ${link.latencyMs} ms round trips, ${rounds} rounds ` +
      'each, alternating (first contentful paint / the invitation on screen):',
  );
  console.log(
    `  drawn by the server: FCP median ${median(now!.fcp).toFixed(0)} ms (rounds ${milliseconds(now!.fcp)}), ` +
      `invitation ${median(now!.shown).toFixed(0)} ms (rounds ${milliseconds(now!.shown)})`,
  );
  console.log(
    `  baseline, the app shell: FCP median ${median(before!.fcp).toFixed(0)} ms (rounds ${milliseconds(before!.fcp)}), ` +
      `invitation ${median(before!.shown).toFixed(0)} ms (rounds ${milliseconds(before!.shown)})`,
  );
} finally {
  await browser.close();
  await drawn.stop();
  await shellOnly.stop();
  rmSync(shellOnlyDir, { recursive: true, force: true });
}
