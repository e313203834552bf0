import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syncedTableDeclarations, syncedTables, type SyncedTable } from '../../schema/index.ts';
import { formerMemberId } from '../repositories/account-deletion-repository.ts';
import { writeOneOfEach } from '../testing/one-of-each.ts';
import { logIn, sessionCookie, signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice, type NamedMutation } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';
import { recording, uploadVoiceFile } from '../testing/test-voice.ts';

const context = useTestApp();

function deleteAccount(account: TestAccount, currentPassword?: string, cookie = account.cookie) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/delete-account',
    headers: { cookie },
    payload: currentPassword === undefined ? {} : { currentPassword },
  });
}

/** Every row of every table that names `userId` through a foreign key to users: none once they are deleted. */
async function rowsNaming(userId: string): Promise<Record<string, number>> {
  const columns = await context.sql<{ table_name: string; column_name: string }[]>`
    select c.conrelid::regclass::text as table_name, a.attname as column_name
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.confrelid = 'users'::regclass and c.contype = 'f'
  `;
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await context.sql<{ count: number }[]>`
      select count(*)::int as count from ${context.sql(table)} where ${context.sql(column)} = ${userId}
    `;
    if (row && row.count > 0) found[`${table}.${column}`] = row.count;
  }
  const [user] = await context.sql<{ count: number }[]>`select count(*)::int as count from users where id = ${userId}`;
  if (user && user.count > 0) found.users = user.count;
  // Tables that name the person without a foreign key: tombstones by the ids devices know, attempts by email or id.
  const [tombstones] = await context.sql<{ count: number }[]>`
    select count(*)::int as count from sync_tombstones where strpos(row_id, ${userId}) > 0
  `;
  if (tombstones && tombstones.count > 0) found.sync_tombstones = tombstones.count;
  const [attempts] = await context.sql<{ count: number }[]>`
    select count(*)::int as count from rate_limits
    where key = ${userId} or key = (select email from users where id = ${userId}) or key = any(${emailsOf(userId)})
  `;
  if (attempts && attempts.count > 0) found.rate_limits = attempts.count;
  return found;
}

/** The emails of the people signed up in this file, kept for after their row is gone. */
const emails = new Map<string, string>();
const emailsOf = (userId: string) => [emails.get(userId) ?? ''];

describe('deleting an account', () => {
  it('removes the person and everything of theirs, and leaves what they shared to the family as "Former member"', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const grandmasPhone = new TestDevice(context.app, grandma);
    const sonsPhone = new TestDevice(context.app, son);
    const { familyId } = await createFamily(grandmasPhone, 'The Okonkwos');
    await addMember(context.sql, familyId, son.user.id);
    const [hers, his, eventId, photoId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const voiceNoteId = randomUUID();
    await grandmasPhone.send(
      { name: 'post.create', args: { postId: hers, familyId, content: 'Plums' } },
      {
        name: 'event.create',
        args: {
          eventId,
          familyId,
          title: 'Lunch',
          description: null,
          location: null,
          startDate: new Date(Date.now() + 86_400_000 * 9).toISOString(),
          endDate: null,
          timeZone: 'UTC',
          allDay: false,
        },
      },
    );
    await uploadPhotoFile(context.app, son.cookie, {
      familyId,
      photoId,
      bytes: await phonePhoto({ width: 200, height: 150 }),
    });
    await uploadVoiceFile(context.app, son.cookie, { familyId, voiceNoteId, bytes: await recording('chromeWebm') });
    const hisWrites: NamedMutation[] = [
      { name: 'post.create', args: { postId: his, familyId, content: 'We landed' } },
      // A like taken back leaves a tombstone known by his id.
      { name: 'reaction.set', args: { postId: his, reactionType: 'like', reacted: true } },
      { name: 'reaction.set', args: { postId: his, reactionType: 'like', reacted: false } },
      { name: 'comment.create', args: { commentId: randomUUID(), postId: hers, content: 'Yum' } },
      { name: 'reaction.set', args: { postId: hers, reactionType: 'like', reacted: true } },
      { name: 'event.rsvp', args: { eventId, status: 'attending' } },
      { name: 'message.send', args: { messageId: randomUUID(), familyId, messageType: 'text', content: 'Hi all' } },
      { name: 'photo.create', args: { photoId, familyId, albumId: null, title: 'Beach', description: null } },
    ];
    await sonsPhone.send(...hisWrites);
    await grandmasPhone.send({
      name: 'comment.create',
      args: { commentId: randomUUID(), postId: his, content: 'Welcome home' },
    });
    await context.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: son.cookie } });
    await context.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { cookie: son.cookie },
      payload: { emailDigest: 'daily' },
    });
    const laptop = sessionCookie(await logIn(context.app, son.email, son.password));
    // A mistyped password, counted against his email.
    expect((await logIn(context.app, son.email, 'not my password')).statusCode).toBe(401);
    emails.set(son.user.id, son.email);
    await grandmasPhone.pullAll();
    expect(grandmasPhone.ids('reactions')).toHaveLength(1);
    expect(grandmasPhone.ids('rsvps')).toHaveLength(1);

    // A wrong password changes nothing.
    const wrong = await deleteAccount(son, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'currentPassword' });
    expect((await deleteAccount(son)).statusCode).toBe(400);
    expect(await rowsNaming(son.user.id)).toMatchObject({ users: 1 });

    expect(await rowsNaming(son.user.id)).toMatchObject({ sync_tombstones: 1, rate_limits: 3 });

    const deleted = await deleteAccount(son, son.password);
    expect(deleted.statusCode).toBe(204);
    expect(await rowsNaming(son.user.id)).toEqual({});

    // What he shared stays with the family under the stand-in, with her comment on his post.
    await grandmasPhone.pullAll();
    expect(grandmasPhone.rows.get(`posts/${his}`)).toMatchObject({ authorId: formerMemberId, content: 'We landed' });
    expect(grandmasPhone.rows.get(`photos/${photoId}`)).toMatchObject({ uploadedById: formerMemberId });
    const [voiceFile] = await context.sql`select uploaded_by_id from voice_files where voice_note_id = ${voiceNoteId}`;
    expect(voiceFile).toEqual({ uploaded_by_id: formerMemberId });
    expect(grandmasPhone.users.get(formerMemberId)).toMatchObject({ firstName: 'Former member', lastName: null });
    expect(grandmasPhone.ids('comments')).toHaveLength(2);
    expect(grandmasPhone.ids('messages')).toHaveLength(1);
    // His place in the family, his like and his answer are gone from her phone.
    expect(grandmasPhone.ids('members')).toHaveLength(1);
    expect(grandmasPhone.ids('reactions')).toEqual([]);
    expect(grandmasPhone.ids('rsvps')).toEqual([]);

    // Signed out everywhere, and his email and password open nothing.
    expect((await context.app.inject({ url: '/api/auth/user', headers: { cookie: laptop } })).statusCode).toBe(401);
    expect((await logIn(context.app, son.email, son.password)).statusCode).toBe(401);
  });

  it('forgets them in every synced table, each as it declares: what they shared stays, nothing names them', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const { author, other, familyId } = await writeOneOfEach(context.app, context.sql, { author: son, other: grandma });
    await other.pullAll();
    await author.pullAll();
    const held = (table: SyncedTable) => [...other.ids(table), ...author.ids(table)];
    expect(syncedTables.filter((table) => held(table).length === 0)).toEqual([]);

    expect((await deleteAccount(son, son.password)).statusCode).toBe(204);
    await other.pullAll();
    const fresh = new TestDevice(context.app, grandma);
    await fresh.pullAll();
    expect(new Map([...other.rows].sort())).toEqual(new Map([...fresh.rows].sort()));
    // For each table: does a row still name him (by any field or id), and does what he shared stay with the stand-in?
    const outcome = (table: SyncedTable) => {
      const rows = [...other.rows].filter(([key]) => key.startsWith(`${table}/`)).map(([, row]) => row);
      if (rows.some((row) => JSON.stringify(row).includes(son.user.id))) return 'names him';
      const rule = syncedTableDeclarations[table].whenTheirPersonGoes;
      if (rule?.then !== 'passes') return 'ok';
      const passed = rows.some((row) => (row as Record<string, unknown>)[rule.field] === formerMemberId);
      return passed ? 'ok' : 'lost what he shared';
    };
    expect(Object.fromEntries(syncedTables.map((table) => [table, outcome(table)]))).toEqual(
      Object.fromEntries(syncedTables.map((table) => [table, 'ok'])),
    );
    expect(await rowsNaming(son.user.id)).toEqual({});
    expect(other.cursors.get(familyId)).toBeDefined();
  });

  it('asks the last admin to hand the family over first, and deletes a family of theirs alone', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const device = new TestDevice(context.app, grandma);
    const { familyId } = await createFamily(device, 'The Okonkwos');
    const { familyId: alone } = await createFamily(device, 'Just Me');
    const { memberId } = await addMember(context.sql, familyId, son.user.id);

    const refused = await deleteAccount(grandma, grandma.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('You are the only admin of The Okonkwos');
    expect(await rowsNaming(grandma.user.id)).toMatchObject({ users: 1 });

    await device.send({ name: 'member.setRole', args: { memberId, role: 'admin' } });
    expect((await deleteAccount(grandma, grandma.password)).statusCode).toBe(204);
    expect(await context.sql`select id from families where id = ${alone}`).toEqual([]);
    expect(await context.sql`select id from families where id = ${familyId}`).toHaveLength(1);
    expect(await rowsNaming(grandma.user.id)).toEqual({});
    // He joined by her link: he stays her son, to the stand-in ("Former member's son", decision 0062).
    expect(await context.sql`select relative_to_id from family_members where id = ${memberId}`).toEqual([
      { relative_to_id: formerMemberId },
    ]);
  });

  it('has an account made with Google confirm with a sign-in of the last ten minutes', async () => {
    const person = await signUp(context.app);
    await context.sql`update users set password_hash = null, google_sub = ${`google-${person.user.id}`} where id = ${person.user.id}`;
    await context.sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${person.user.id}`;
    const stale = await deleteAccount(person);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'sign_in_again' });
    await context.sql`update sessions set created_at = now() where user_id = ${person.user.id}`;
    expect((await deleteAccount(person)).statusCode).toBe(204);
    expect(await rowsNaming(person.user.id)).toEqual({});
  });

  it('needs a session', async () => {
    const answer = await context.app.inject({ method: 'POST', url: '/api/auth/delete-account', payload: {} });
    expect(answer.statusCode).toBe(401);
  });
});

describe('signed-in devices', () => {
  const phone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const laptop = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0';

  async function signInFrom(account: TestAccount, userAgent: string): Promise<string> {
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { email: account.email, password: account.password },
    });
    return sessionCookie(answer);
  }

  const list = async (cookie: string) =>
    (await context.app.inject({ url: '/api/auth/sessions', headers: { cookie } })).json() as {
      id: string;
      browser: string;
      system: string;
      kind: string;
      current: boolean;
    }[];
  const whoAmI = async (cookie: string) =>
    (await context.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode;

  it('lists each browser with its kind and which one is asking, and signs out one or all the others', async () => {
    const person = await signUp(context.app);
    const onPhone = await signInFrom(person, phone);
    const onLaptop = await signInFrom(person, laptop);
    const seen = await list(onPhone);
    expect(seen).toHaveLength(3);
    expect(seen.find((device) => device.current)).toMatchObject({ browser: 'Safari', system: 'iPhone', kind: 'phone' });
    const laptopEntry = seen.find((device) => device.browser === 'Firefox');
    expect(laptopEntry).toMatchObject({ system: 'Mac', kind: 'computer', current: false });
    // Nothing on the list opens a session.
    expect(JSON.stringify(seen)).not.toContain(onLaptop.split('=')[1]!);

    const stranger = await signUp(context.app);
    const theirs = await context.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopEntry!.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await whoAmI(onLaptop)).toBe(200);

    const one = await context.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopEntry!.id}`,
      headers: { cookie: onPhone },
    });
    expect(one.statusCode).toBe(204);
    expect(await whoAmI(onLaptop)).toBe(401);
    expect(await whoAmI(person.cookie)).toBe(200);

    const others = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: { cookie: onPhone },
    });
    expect(others.json()).toEqual({ ended: 1 });
    expect(await whoAmI(person.cookie)).toBe(401);
    expect(await whoAmI(onPhone)).toBe(200);
    expect(await list(onPhone)).toHaveLength(1);
    const bad = await context.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/x',
      headers: { cookie: onPhone },
    });
    expect(bad.statusCode).toBe(400);
  });
});
