import type { SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';

/** The named people's user rows, by id; someone whose row has not arrived yet is simply missing. */
export async function readUsersById(db: HearthDb, userIds: Iterable<string>): Promise<Map<string, SyncedUser>> {
  const users = await db.users.bulkGet([...new Set(userIds)]);
  return new Map(users.flatMap((user) => (user ? [[user.id, user] as const] : [])));
}
