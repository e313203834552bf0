import { prerenderedPaths } from '../sync-server/plugins/static-files.ts';
import { seriousViolations } from './support/accessibility.ts';
import { expect, test } from './support/test.ts';

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
    // Pages that hold still: a carousel slide caught in its cross-fade is half-transparent text, which the scan
    // counts as too faint although nobody reads a slide mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    const found: Record<string, string[]> = {};
    // Every page anyone can open without an account (product.md §2): each is prerendered, so the server lists them all.
    for (const path of prerenderedPaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      found[path] = await seriousViolations(page);
    }
    expect(Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length > 0))).toEqual({});
    expect(elsewhere).toEqual([]);
  });
}
