import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.ts';

/** Every page anyone can open without an account (spec §2), with a text that proves it is the right one. */
const publicPages = [
  '/',
  '/photo-sharing',
  '/family-chat',
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
] as const;

for (const mode of ['light', 'dark'] as const) {
  test(`every public page passes an accessibility scan in ${mode} mode and asks nothing of another origin`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin) elsewhere.push(request.url());
    });
    await page.addInitScript((saved) => localStorage.setItem('hearth-theme', saved), mode);

    const found: Record<string, string[]> = {};
    for (const path of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      found[path] = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    }
    expect(Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length > 0))).toEqual({});
    expect(elsewhere).toEqual([]);
  });
}
