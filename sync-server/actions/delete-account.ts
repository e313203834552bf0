import type { Transaction } from '../database.ts';
import { bumpLockedFamily } from '../mutators/access.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { recordTombstones } from '../repositories/sync-tombstones.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/** The stand-in that keeps what a deleted person shared with their families (migration 0021, decision 0026). */
export const formerMemberId = '00000000-0000-4000-8000-000000000000';

/** A family the person is the last admin of, with others in it: someone must be made admin first. */
export type FamilyToHandOver = { familyId: string; name: string };

export type AccountDeletion =
  /** `exportIds`: their archives, to take out of storage once this has committed. */
  | { deleted: true; familyChanges: FamilyChange[]; exportIds: string[] }
  | { deleted: false; handOverFirst: FamilyToHandOver[] };

/**
 * The synced rows that name their author: what the person shared stays with the family under the stand-in, moved to
 * the family's new version so every device pulls it again with the stand-in's name. `photo_files` (not synced) goes
 * with its photo.
 */
const sharedByThem = [
  { table: 'posts', column: 'author_id' },
  { table: 'comments', column: 'author_id' },
  { table: 'photos', column: 'uploaded_by_id' },
  { table: 'albums', column: 'created_by_id' },
  { table: 'events', column: 'created_by_id' },
  { table: 'messages', column: 'sender_id' },
  { table: 'notifications', column: 'actor_id' },
] as const;

/**
 * Deletes the person, in the caller's transaction (decision 0026). Refused, changing nothing, while they are the
 * last admin of a family with other members. A family of theirs alone goes whole. In every other family, under its
 * lock at a new version: their membership, likes and answers go (with tombstones, so every device drops them), and
 * what they shared passes to "Former member". Then their user row goes, and with it (foreign keys) everything
 * else of theirs: sessions (every device of theirs is signed out and wipes its copy at its next request), devices,
 * push subscriptions, settings, calendar address, read positions, their notifications, invitations they made.
 */
export async function deleteAccount(tx: Transaction, userId: string): Promise<AccountDeletion> {
  const families = createFamilyRepository(tx);
  const memberships = await tx<{ family_id: string; name: string; role: string }[]>`
    select m.family_id, f.name, m.role from family_members m join families f on f.id = m.family_id
    where m.user_id = ${userId} order by m.family_id
  `;
  // Locked in id order, as every write that takes several families does.
  for (const { family_id: familyId } of memberships) await families.lock(familyId);
  const others = await tx<{ family_id: string; members: number; admins: number }[]>`
    select family_id, count(*)::int as members, count(*) filter (where role = 'admin')::int as admins
    from family_members where family_id = any(${memberships.map((row) => row.family_id)}::uuid[]) and user_id <> ${userId}
    group by family_id
  `;
  const othersIn = new Map(others.map((row) => [row.family_id, row]));
  const handOverFirst = memberships
    .filter((row) => row.role === 'admin' && othersIn.has(row.family_id) && othersIn.get(row.family_id)?.admins === 0)
    .map((row) => ({ familyId: row.family_id, name: row.name }));
  if (handOverFirst.length > 0) return { deleted: false, handOverFirst };

  const familyChanges: FamilyChange[] = [];
  for (const { family_id: familyId } of memberships) {
    if (!othersIn.has(familyId)) {
      // Nobody else's: the family goes with everything in it (only this person's devices held it).
      await tx`delete from families where id = ${familyId}`;
      continue;
    }
    const version = await bumpLockedFamily(tx, familyId);
    await recordTombstones(
      tx,
      'members',
      version,
      tx`delete from family_members where family_id = ${familyId} and user_id = ${userId} returning family_id, id::text as row_id`,
    );
    await recordTombstones(
      tx,
      'reactions',
      version,
      tx`delete from post_reactions where family_id = ${familyId} and user_id = ${userId} returning family_id, id as row_id`,
    );
    await recordTombstones(
      tx,
      'rsvps',
      version,
      tx`delete from event_attendees where family_id = ${familyId} and user_id = ${userId} returning family_id, id as row_id`,
    );
    for (const { table, column } of sharedByThem) {
      await tx`
        update ${tx(table)} set ${tx(column)} = ${formerMemberId}, version = ${version}
        where family_id = ${familyId} and ${tx(column)} = ${userId}
      `;
    }
    familyChanges.push({ familyId, version, membershipChanged: [userId] });
  }
  await tx`update photo_files set uploaded_by_id = ${formerMemberId} where uploaded_by_id = ${userId}`;
  await tx`update families set created_by_id = null where created_by_id = ${userId}`;
  const exports = await tx<{ id: string }[]>`select id from data_exports where user_id = ${userId}`;
  await tx`delete from users where id = ${userId}`;
  return { deleted: true, familyChanges, exportIds: exports.map((row) => row.id) };
}
