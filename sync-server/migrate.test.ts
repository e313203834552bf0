import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageTypes, notificationTypes, relationshipTypes, rsvpStatuses } from '../schema/index.ts';
import { connect, type Sql } from './database.ts';
import { runMigrations } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

const migrationsDirectory = fileURLToPath(new URL('./migrations/', import.meta.url));

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = connect(database.url, database.poolMax);
});

afterAll(async () => {
  await sql.end({ timeout: 5 });
  await database.close();
});

describe('runMigrations', () => {
  it('applies every file once, from two connections at the same moment', async () => {
    const other = connect(database.url, 1);
    try {
      const [first, second] = await Promise.all([runMigrations(sql), runMigrations(other)]);
      const applied = [...first, ...second];
      const all = (await readdir(migrationsDirectory)).sort().map((file) => ({
        version: Number(file.slice(0, 4)),
        name: file.slice(5, -'.sql'.length),
      }));
      expect(all.slice(0, 3)).toEqual([
        { version: 1, name: 'initial' },
        { version: 2, name: 'sync' },
        { version: 3, name: 'public_forms' },
      ]);
      expect(applied).toEqual(all);
      const rows = await sql`select version, name from schema_migrations order by version`;
      expect(rows).toEqual(all);
    } finally {
      await other.end({ timeout: 5 });
    }
  });

  it('applies nothing when run again', async () => {
    expect(await runMigrations(sql)).toEqual([]);
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from schema_migrations`;
    expect(row?.count).toBe((await readdir(migrationsDirectory)).length);
  });
});

describe('the initial schema', () => {
  async function checkConstraints(table: string): Promise<string> {
    const rows = await sql<{ definition: string }[]>`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c'
    `;
    return rows.map((row) => row.definition).join('\n');
  }

  it('allows exactly the enum values of the shared schema', async () => {
    const members = await checkConstraints('family_members');
    for (const type of relationshipTypes) expect(members).toContain(`'${type}'`);
    const attendees = await checkConstraints('event_attendees');
    for (const status of rsvpStatuses) expect(attendees).toContain(`'${status}'`);
    const notifications = await checkConstraints('notifications');
    for (const type of notificationTypes) expect(notifications).toContain(`'${type}'`);
    const contact = await checkConstraints('contact_messages');
    for (const type of contactMessageTypes) expect(contact).toContain(`'${type}'`);
  });

  it('refuses what the app would refuse', async () => {
    const [user] = await sql<{ id: string }[]>`
      insert into users (username, email) values ('grandma', 'grandma@example.test') returning id
    `;
    const userId = user!.id;
    await expect(sql`insert into users (username, email) values ('GrandMa', 'other@example.test')`).rejects.toThrow(
      /users_username_lower_key/,
    );
    await expect(sql`insert into users (username, email) values ('someone', 'Upper@Example.test')`).rejects.toThrow(
      /check/,
    );
    const [family] = await sql<{ id: string }[]>`
      insert into families (name, created_by_id) values ('The Smiths', ${userId}) returning id
    `;
    const familyId = family!.id;
    await expect(
      sql`insert into posts (family_id, author_id, content) values (${familyId}, ${userId}, ${'  \n '})`,
    ).rejects.toThrow(/check/);
    await expect(
      sql`insert into posts (family_id, author_id, content) values (${familyId}, ${userId}, ${'x'.repeat(5001)})`,
    ).rejects.toThrow(/check/);
    await expect(
      sql`insert into events (family_id, created_by_id, title, start_date, end_date)
          values (${familyId}, ${userId}, 'Picnic', '2025-07-02T10:00:00Z', '2025-07-01T10:00:00Z')`,
    ).rejects.toThrow(/check/);
    await expect(
      sql`insert into family_members (family_id, user_id, role) values (${familyId}, ${userId}, 'owner')`,
    ).rejects.toThrow(/check/);
  });

  it('removes a family with everything in it, and a person with what they wrote', async () => {
    const [author] = await sql<{ id: string }[]>`
      insert into users (username, email) values ('author', 'author@example.test') returning id
    `;
    const [family] = await sql<{ id: string }[]>`
      insert into families (name, created_by_id) values ('Family', ${author!.id}) returning id
    `;
    await sql`insert into family_members (family_id, user_id, role) values (${family!.id}, ${author!.id}, 'admin')`;
    await sql`insert into posts (family_id, author_id, content) values (${family!.id}, ${author!.id}, 'Hello')`;
    await sql`delete from users where id = ${author!.id}`;
    const [after] = await sql<{ posts: number; members: number; creator: string | null }[]>`
      select (select count(*)::int from posts where family_id = ${family!.id}) as posts,
        (select count(*)::int from family_members where family_id = ${family!.id}) as members,
        (select created_by_id from families where id = ${family!.id}) as creator
    `;
    expect(after).toEqual({ posts: 0, members: 0, creator: null });
    await sql`delete from families where id = ${family!.id}`;
  });
});

describe('the sync migration', () => {
  it('gives rows written before it a family and a version a pull from 0 sends', async () => {
    const database = await createTestDatabase();
    const sql = connect(database.url, database.poolMax);
    const onlyInitial = await mkdtemp(join(tmpdir(), 'hearth-migrations-'));
    try {
      await copyFile(new URL('./migrations/0001_initial.sql', import.meta.url), join(onlyInitial, '0001_initial.sql'));
      await runMigrations(sql, onlyInitial);
      const [user] = await sql<{ id: string }[]>`
        insert into users (username, email) values ('before', 'before@example.test') returning id
      `;
      const [family] = await sql<{ id: string }[]>`insert into families (name) values ('Early') returning id`;
      const [post] = await sql<{ id: string }[]>`
        insert into posts (family_id, author_id, content) values (${family!.id}, ${user!.id}, 'Hi') returning id
      `;
      await sql`insert into comments (post_id, author_id, content) values (${post!.id}, ${user!.id}, 'Hello')`;
      await sql`insert into post_reactions (post_id, user_id, reaction_type) values (${post!.id}, ${user!.id}, 'like')`;

      // Up to the sync migration only: later ones move versions on for their own reasons (0035).
      await copyFile(new URL('./migrations/0002_sync.sql', import.meta.url), join(onlyInitial, '0002_sync.sql'));
      expect(await runMigrations(sql, onlyInitial)).toEqual([{ version: 2, name: 'sync' }]);
      const [after] = await sql<{ family: string; comment: string; reaction: string; versions: string[] }[]>`
        select (select version::text from families) as family,
          (select family_id::text from comments) as comment,
          (select family_id::text from post_reactions) as reaction,
          array[(select version::text from posts), (select version::text from comments),
            (select version::text from post_reactions)] as versions
      `;
      expect(after).toEqual({ family: '1', comment: family!.id, reaction: family!.id, versions: ['1', '1', '1'] });
    } finally {
      await rm(onlyInitial, { recursive: true, force: true });
      await sql.end({ timeout: 5 });
      await database.close();
    }
  });
});

describe('the invited-by migration (0035)', () => {
  it('relates members from before it to the creator, and has devices pull them again', async () => {
    const database = await createTestDatabase();
    const sql = connect(database.url, database.poolMax);
    const before = await mkdtemp(join(tmpdir(), 'hearth-migrations-'));
    try {
      for (const file of await readdir(migrationsDirectory)) {
        if (Number(file.slice(0, 4)) < 35) await copyFile(join(migrationsDirectory, file), join(before, file));
      }
      await runMigrations(sql, before);
      const [rose, david] = await sql<{ id: string }[]>`
        insert into users (username, email) values ('rose', 'rose@example.test'), ('david', 'david@example.test')
        returning id
      `;
      const [family] = await sql<{ id: string }[]>`
        insert into families (name, created_by_id, version) values ('Millers', ${rose!.id}, 7) returning id
      `;
      await sql`
        insert into family_members (family_id, user_id, role, relationship_type, version) values
          (${family!.id}, ${rose!.id}, 'admin', 'creator', 1), (${family!.id}, ${david!.id}, 'member', 'son', 7)
      `;

      await runMigrations(sql);
      const members = await sql`
        select user_id, relative_to_id, version::int from family_members order by relationship_type
      `;
      expect(members).toEqual([
        { user_id: rose!.id, relative_to_id: null, version: 8 },
        { user_id: david!.id, relative_to_id: rose!.id, version: 8 },
      ]);
      expect(await sql`select version::int from families`).toEqual([{ version: 8 }]);
    } finally {
      await rm(before, { recursive: true, force: true });
      await sql.end({ timeout: 5 });
      await database.close();
    }
  });
});
