import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { joinPageFile, pageSlots } from './invitation-page.ts';

// A build's join page and renderer, written as the build writes them; the renderer draws the invitation it is given
// (the real one, the app's React code, is walked through in e2e/family.spec.ts).
const shell = '<!doctype html><html><head><title>Hearth</title></head><body><div id="root"></div></body></html>';
const template =
  `<!doctype html><html><head><title>${pageSlots.title}</title></head>` +
  `<body><div id="root"><div data-prerendered inert>${pageSlots.html}</div></div>${pageSlots.data}</body></html>`;
const renderer = `export async function render(path, { preview }) {
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    html: '<h1 style="color: red">' + escape(preview.invitedBy) + ' invited you to join ' + escape(preview.familyName) + ' on Hearth</h1><p>' + path + '</p>',
    title: 'Join ' + preview.familyName + ' · Hearth',
  };
}`;

const staticDir = mkdtempSync(join(tmpdir(), 'hearth-join-page-'));
mkdirSync(join(staticDir, '.ssr'));
writeFileSync(join(staticDir, 'index.html'), shell);
writeFileSync(join(staticDir, joinPageFile), template);
writeFileSync(join(staticDir, '.ssr', 'prerender-entry.js'), renderer);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const context = useTestApp({ staticDir });
const html = { accept: 'text/html' };

async function invitation(account: TestAccount, name: string): Promise<{ token: string; url: string }> {
  const family = await context.app.inject({
    method: 'POST',
    url: '/api/families',
    headers: { cookie: account.cookie },
    payload: { name },
  });
  const made = await context.app.inject({
    method: 'POST',
    url: `/api/families/${family.json().id}/invitations`,
    headers: { cookie: account.cookie },
  });
  expect(made.statusCode).toBe(201);
  const { id, token } = made.json();
  return { token, url: `/api/families/${family.json().id}/invitations/${id}` };
}

describe('an invitation’s join page', () => {
  it('is drawn with who invites to which family, in the first answer, with the data the app takes over from', async () => {
    const rose = await signUp(context.app);
    const { token } = await invitation(rose, 'The Millers </script><b>');
    const response = await context.app.inject({ url: `/join/${token}`, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`${rose.username} invited you to join The Millers &lt;/script>&lt;b> on Hearth`);
    expect(response.body).toContain(`<p>/join/${token}</p>`);
    expect(response.body).toContain('<title>Join The Millers &lt;/script>&lt;b> · Hearth</title>');
    // The policy allows no style attributes; a name can never end the data block early.
    expect(response.body).not.toContain('style=');
    const data = /<script type="application\/json" id="hearth-invitation">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({
      token,
      preview: { familyName: 'The Millers </script><b>', invitedBy: rose.username, alreadyMember: false },
    });
  });

  it('is the app shell for a link that is unknown, malformed or turned off, which the app then explains', async () => {
    const rose = await signUp(context.app);
    const { token, url: made } = await invitation(rose, 'The Millers');
    const revoked = await context.app.inject({ method: 'DELETE', url: made, headers: { cookie: rose.cookie } });
    expect(revoked.statusCode).toBe(204);
    for (const url of [`/join/${token}`, `/join/${'A'.repeat(43)}`, '/join/not-a-token', '/join/%3Cscript%3E']) {
      const response = await context.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
  });
});
