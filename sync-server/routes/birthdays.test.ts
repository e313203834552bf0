import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();

describe('birthdays', () => {
  it('keeps a birthday with its owner, and shows the family only its day and month', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const { familyId } = await createFamily(new TestDevice(context.app, grandma), 'The Okafors');
    await addMember(context.sql, familyId, son.user.id);
    const sonsDevice = new TestDevice(context.app, son);
    await sonsDevice.pullAll();
    const patch = (payload: object) =>
      context.app.inject({ method: 'PATCH', url: '/api/auth/user', headers: { cookie: grandma.cookie }, payload });

    const saved = await patch({ birthday: '1946-05-03' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ birthday: '1946-05-03' });

    // Her son's device hears of it at its next pull, without the year.
    const heard = await sonsDevice.pull();
    expect(heard.users).toContainEqual(expect.objectContaining({ id: grandma.user.id, birthday: '--05-03' }));
    const members = await context.app.inject({
      url: `/api/families/${familyId}/members`,
      headers: { cookie: son.cookie },
    });
    // The whole date, not the year alone: a random username can hold "1946" (it did once, in CI).
    expect(JSON.stringify(members.json())).not.toContain('1946-05-03');
    const grandmaAsMember = members.json<{ user: { id: string; birthday: string | null } }[]>().find(
      (member) => member.user.id === grandma.user.id,
    );
    expect(grandmaAsMember?.user.birthday).toBe('--05-03');

    expect((await patch({ birthday: '--02-29' })).json()).toMatchObject({ birthday: '--02-29' });
    for (const wrong of ['1946-02-30', '--13-01', '2999-01-01', '1850-01-01', 'May 3', '']) {
      const refused = await patch({ birthday: wrong });
      expect([wrong, refused.statusCode]).toEqual([wrong, 400]);
    }
    expect((await patch({ birthday: null })).json()).toMatchObject({ birthday: null });
  });
});
