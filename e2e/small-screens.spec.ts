import type { Page } from '@playwright/test';
import { createFamily, makeInviteLink, share } from './support/family.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

const publicPaths = [
  '/',
  '/photo-sharing',
  '/family-chat-room',
  '/family-calendar',
  '/family-tree-builder',
  '/family-outings',
  '/news',
  '/download',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/login',
  '/signup',
  '/no-such-page',
];

const signedInPaths = ['/', '/photos', '/events', '/chat', '/family-tree', '/profile', '/profile?changePassword=1', '/settings'];

/**
 * How far the page reaches past the right edge of the window, in CSS pixels: 0 when nothing scrolls sideways. The
 * header and the tab bar count too: fixed to the window, what they push past its edge is cut off, not scrolled to.
 */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bars = [...document.querySelectorAll('header, nav[aria-label="Tab bar"]')];
    return Math.max(
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ...bars.map((bar) => bar.scrollWidth - bar.clientWidth),
    );
  });
}

/**
 * Larger text is for the people who most often hold a small phone: at 320 px with the largest size, and on a laptop
 * zoomed to 200 % (a 640 px window), no screen scrolls sideways.
 */
for (const { label, viewport, textSize } of [
  { label: 'a 320 px phone with the largest text', viewport: { width: 320, height: 640 }, textSize: 'largest' },
  { label: 'a laptop zoomed to 200 %', viewport: { width: 640, height: 400 }, textSize: 'normal' },
] as const) {
  test(`no screen scrolls sideways on ${label}`, async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await page.addInitScript((size) => localStorage.setItem('hearth-text-size', size), textSize);
    const overflowing: Record<string, number> = {};
    async function measure(name: string) {
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing[name] = overflow;
    }

    for (const path of publicPaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await measure(path);
    }

    const person = newPerson('small');
    await signUp(page, person);
    await page.request.patch('/api/settings', { data: { textSize } });
    await createFamily(page, `The Featherstonehaughs ${Date.now().toString(36)}`);
    await share(page, `A long word from Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch ${label}`);
    await expect(page.getByRole('article')).toBeVisible();
    for (const path of signedInPaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await measure(`signed in ${path}`);
    }
    await page.getByRole('button', { name: /Up to date|All sent|waiting/i }).click();
    const syncPanel = page.getByRole('dialog', { name: 'Sync' });
    await expect(syncPanel).toBeVisible();
    await measure('signed in, sync panel open');
    await page.keyboard.press('Escape');
    await expect(syncPanel).toBeHidden();

    const link = await makeInviteLink(page);
    await measure('invite dialog');
    const visitor = await browser.newPage({ viewport });
    await visitor.addInitScript((size) => localStorage.setItem('hearth-text-size', size), textSize);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    const joinOverflow = await sidewaysOverflow(visitor);
    if (joinOverflow > 0) overflowing['/join/…'] = joinOverflow;
    await visitor.close();

    expect(overflowing).toEqual({});
  });
}
