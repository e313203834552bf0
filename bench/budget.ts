/**
 * The JavaScript budget (architecture.md): the landing page may load at most 121 KB of gzip JavaScript before it is
 * usable, the signed-in home 173 KB (docs/decisions/0018-signed-in-budget.md, 0057). Prints what each loads, script
 * by script, and fails above the budget.
 * Needs a production build (`npm run build`).
 */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { initialJavaScript, kilobytes } from './initial-javascript.ts';
import { waitTimeoutMs } from './support/page-timing.ts';

const budgets = [
  // Drawn once the visitor's first touch has started its app (initial-javascript.ts waits for that itself).
  { name: 'landing page (signed out, /)', path: '/', signedIn: false, limitBytes: 121 * 1024, drawn: [] },
  {
    name: 'signed-in home (/)',
    path: '/',
    signedIn: true,
    limitBytes: 173 * 1024,
    // A new person's home once the first pull is done: the feed screen's card, the header and the tab bar.
    drawn: ['#create-family-title', 'nav[aria-label="Main"]', 'nav[aria-label="Tab bar"]'],
  },
];

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
let failed = false;
try {
  for (const budget of budgets) {
    const context = await browser.newContext();
    context.setDefaultTimeout(waitTimeoutMs());
    if (budget.signedIn) {
      const unique = Date.now().toString(36);
      const response = await context.request.post(`${hearth.url}/api/auth/signup`, {
        data: {
          username: `budget_${unique}`,
          email: `budget.${unique}@example.com`,
          password: 'budget-check-1',
          confirmPassword: 'budget-check-1',
        },
      });
      if (!response.ok()) throw new Error(`Could not sign up for the budget check: ${response.status()}`);
    }
    const scripts = await initialJavaScript(context, `${hearth.url}${budget.path}`, budget.drawn);
    await context.close();
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    const verdict = total <= budget.limitBytes ? 'within' : 'OVER';
    if (total > budget.limitBytes) failed = true;
    console.log(`${budget.name}: ${kilobytes(total)} gzip, ${verdict} the ${kilobytes(budget.limitBytes)} budget`);
    for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`  ${kilobytes(script.gzipBytes).padStart(9)}  ${script.url}`);
    }
  }
} finally {
  await browser.close();
  await hearth.stop();
}
if (failed) {
  console.error('JavaScript budget exceeded.');
  process.exitCode = 1;
}
