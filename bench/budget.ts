/**
 * The JavaScript budget (architecture.md): the landing page may load at most 120 KB of gzip JavaScript before it is
 * usable, the signed-in home 170 KB (docs/decisions/0018-signed-in-budget.md). Prints what each loads, script by script, and fails above the budget.
 * Needs a production build (`npm run build`).
 */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { initialJavaScript, kilobytes } from './initial-javascript.ts';

const budgets = [
  { name: 'landing page (signed out, /)', path: '/', signedIn: false, limitBytes: 120 * 1024 },
  { name: 'signed-in home (/)', path: '/', signedIn: true, limitBytes: 170 * 1024 },
];

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
let failed = false;
try {
  for (const budget of budgets) {
    const context = await browser.newContext();
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
    const scripts = await initialJavaScript(context, `${hearth.url}${budget.path}`);
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
