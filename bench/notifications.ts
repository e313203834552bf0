/**
 * Notifications, in the system Chromium against the real server (the production build) on loopback: two
 * people in one family; the grandmother posts (the spec's REST route, so her screen's own work is not counted) and
 * her son's open home screen is watched until the bell says "Notifications, 1 unread"; he then reads it (Mark all as
 * read) before the next. 30 posts: p50 / p95 / max. Beside it, in the same run, the time until the post itself shows
 * in his feed: the bell rides the same pull. Needs `npm run build`.
 */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { browserFamily } from './support/browser-family.ts';
import { latencyFigures } from './support/figures.ts';

const posts = 30;

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { grandma, son, familyId } = await browserFamily(browser, hearth.url, 'The Bell family');

  const page = await son.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  const bellTimes: number[] = [];
  const feedTimes: number[] = [];
  for (let index = 0; index < posts; index += 1) {
    const text = `bench post ${index}`;
    const watching = page.evaluate((wanted) => {
      return new Promise<{ bell: number; feed: number }>((resolve) => {
        let bell = 0;
        let feed = 0;
        // No named functions in here: the bundler would wrap them in a helper the page does not have.
        const observer = new MutationObserver(() => {
          if (!bell && document.querySelector('button[aria-label="Notifications, 1 unread"]')) bell = Date.now();
          if (!feed && [...document.querySelectorAll('article')].some((card) => card.textContent?.includes(wanted))) {
            feed = Date.now();
          }
          if (bell && feed) {
            observer.disconnect();
            resolve({ bell, feed });
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      });
    }, text);
    const sentAt = Date.now();
    const answer = await grandma.request.post(`/api/families/${familyId}/posts`, { data: { content: text } });
    if (answer.status() !== 201) throw new Error(`post answered ${answer.status()}`);
    const { bell, feed } = await watching;
    bellTimes.push(bell - sentAt);
    feedTimes.push(feed - sentAt);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  }
  console.log(`A post (REST, from the other member) to the son's open home screen, ${posts} posts on loopback:`);
  console.log(`  the bell says "Notifications, 1 unread": ${latencyFigures(bellTimes)}`);
  console.log(`  the post shows in his feed:              ${latencyFigures(feedTimes)}`);
} finally {
  await browser.close();
  await hearth.stop();
}
