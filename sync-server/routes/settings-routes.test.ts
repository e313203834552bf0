import { describe, expect, it } from 'vitest';
import { defaultUserSettings } from '../../schema/index.ts';
import { sessionCookie, signUp, useTestApp } from '../testing/test-app.ts';

const context = useTestApp();

describe('settings', () => {
  // Signup's settings row takes the columns' defaults: they must be the declared ones (schema/entities.ts).
  it('starts with the declared defaults', async () => {
    const { cookie } = await signUp(context.app);
    const response = await context.app.inject({ url: '/api/settings', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultUserSettings);
  });

  it('saves the toggles sent and keeps the rest, for every device of the person', async () => {
    const { cookie, email, password } = await signUp(context.app);
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { cookie },
      payload: { textSize: 'largest', chatMessages: false },
    });
    expect(response.statusCode).toBe(200);
    const expected = { ...defaultUserSettings, textSize: 'largest', chatMessages: false };
    expect(response.json()).toEqual(expected);

    const login = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const otherDevice = sessionCookie(login);
    const read = await context.app.inject({ url: '/api/settings', headers: { cookie: otherDevice } });
    expect(read.json()).toEqual(expected);
  });

  it("keeps one person's settings apart from another's", async () => {
    const first = await signUp(context.app);
    const second = await signUp(context.app);
    await context.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { cookie: first.cookie },
      payload: { photoDownload: false },
    });
    const response = await context.app.inject({ url: '/api/settings', headers: { cookie: second.cookie } });
    expect(response.json()).toEqual(defaultUserSettings);
  });

  it.each([
    [{}, '', 'Nothing to update'],
    [{ chatMessages: 'yes' }, 'chatMessages', undefined],
    [{ textSize: 'huge' }, 'textSize', undefined],
    [{ emailDigest: 'hourly' }, 'emailDigest', undefined],
    [{ mutedFamilyIds: ['not-an-id'] }, 'mutedFamilyIds.0', undefined],
    [{ darkMode: true }, 'darkMode', 'Unknown field'],
  ])('refuses %j with a 400 naming the problem', async (payload, field, message) => {
    const { cookie } = await signUp(context.app);
    const response = await context.app.inject({ method: 'PATCH', url: '/api/settings', headers: { cookie }, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field).toBe(field || undefined);
    if (message) expect(body.error).toBe(message);
    expect(body.issues[0].field).toBe(field);
  });

  it('needs a session', async () => {
    expect((await context.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
    const patch = await context.app.inject({ method: 'PATCH', url: '/api/settings', payload: { textSize: 'large' } });
    expect(patch.statusCode).toBe(401);
    expect(patch.json()).toEqual({ error: 'Unauthorized' });
  });
});
