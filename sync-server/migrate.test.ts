import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageTypes, notificationTypes, relationshipTypes, rsvpStatuses } from '../schema/index.ts';
import { connect, type Sql } from './database.ts';
import { runMigrations } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

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
      expect(applied).toEqual([{ version: 1, name: 'initial' }]);
      const rows = await sql`select version, name from schema_migrations order by version`;
      expect(rows).toEqual([{ version: 1, name: 'initial' }]);
    } finally {
      await other.end({ timeout: 5 });
    }
  });

  it('applies nothing when run again', async () => {
    expect(await runMigrations(sql)).toEqual([]);
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from schema_migrations`;
    expect(row?.count).toBe(1);
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
