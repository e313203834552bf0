import type { Queryable } from '../database.ts';

/**
 * PostgreSQL's LISTEN/NOTIFY, through which instances tell each other of changes (sync-notifier.ts says what travels
 * and how a dropped listening connection is looked after).
 */
export async function notifyChannel(sql: Queryable, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`;
}

/** `connection` hears every later NOTIFY on `channel`, through its `onnotify` option. */
export async function listenToChannel(connection: Queryable, channel: string): Promise<void> {
  await connection`listen ${connection(channel)}`;
}
