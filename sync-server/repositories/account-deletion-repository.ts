import { syncedTableDeclarations, syncedTables } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { noteUnusedBytes } from './photo-bytes-repository.ts';
import { columnOf, storedIn } from './synced-storage.ts';

/** The stand-in that keeps what a deleted person shared with their families (migration 0021, decision 0026). */
export const formerMemberId = '00000000-0000-4000-8000-000000000000';

/** What Delete My Account reads and writes (actions/delete-account.ts), in the caller's transaction. */
export function createAccountDeletionRepository(tx: Transaction) {
  return {
    /** The person's families, in id order (the order every write that takes several families locks them in). */
    memberships(userId: string) {
      return tx<{ family_id: string; name: string; role: string }[]>`
        select m.family_id, f.name, m.role from family_members m join families f on f.id = m.family_id
        where m.user_id = ${userId} order by m.family_id
      `;
    },

    /** How many other members, and other admins, each of `familyIds` has; a family with none is absent. */
    others(familyIds: string[], userId: string) {
      return tx<{ family_id: string; members: number; admins: number }[]>`
        select family_id, count(*)::int as members, count(*) filter (where role = 'admin')::int as admins
        from family_members where family_id = any(${familyIds}::uuid[]) and user_id <> ${userId}
        group by family_id
      `;
    },

    /** The family goes with every row of it; the bytes its photo and voice files named are noted for housekeeping. */
    async deleteFamily(familyId: string): Promise<void> {
      await noteUnusedBytes(
        tx,
        tx`
          select sha256 from photo_files where family_id = ${familyId}
          union select sha256 from voice_files where family_id = ${familyId}
        `,
      );
      await tx`delete from families where id = ${familyId}`;
    },

    /**
     * In one family, at its new `version`: every synced row naming the person goes or passes to the stand-in, as
     * its table declares (schema/synced-tables.ts `whenTheirPersonGoes`). Rows that go leave no tombstone: some are
     * known to devices by ids made of the person's id (a like, an answer), which no tombstone may keep. So every
     * tombstone naming the person goes too, and the family's floor rises to `version`: every device holding the
     * family fetches it again once (sync-pull.ts), and drops what went.
     */
    async forgetIn(familyId: string, userId: string, version: number): Promise<void> {
      for (const table of syncedTables) {
        const rule = syncedTableDeclarations[table].whenTheirPersonGoes;
        if (!rule) continue;
        const where = tx`where family_id = ${familyId} and ${tx(columnOf(rule.field))} = ${userId}`;
        if (rule.then === 'goes') {
          await tx`delete from ${tx(storedIn[table])} ${where}`;
        } else {
          await tx`
            update ${tx(storedIn[table])} set ${tx(columnOf(rule.field))} = ${formerMemberId}, version = ${version}
            ${where}
          `;
        }
      }
      // Those related to the person keep the relationship, to the stand-in ("Former member's son"), not to no one.
      await tx`
        update family_members set relative_to_id = ${formerMemberId}, version = ${version}
        where family_id = ${familyId} and relative_to_id = ${userId}
      `;
      await tx`delete from sync_tombstones where family_id = ${familyId} and strpos(row_id, ${userId}) > 0`;
      await tx`update families set tombstone_floor = ${version} where id = ${familyId}`;
    },

    /**
     * The person's row goes, and by foreign key everything else of theirs; what is not synced but names them passes
     * to the stand-in or forgets them first. Answers their archives, to take out of storage after the commit.
     */
    async deleteUser(userId: string): Promise<{ exportIds: string[] }> {
      await tx`update photo_files set uploaded_by_id = ${formerMemberId} where uploaded_by_id = ${userId}`;
      await tx`update voice_files set uploaded_by_id = ${formerMemberId} where uploaded_by_id = ${userId}`;
      await tx`update families set created_by_id = null where created_by_id = ${userId}`;
      const exports = await tx<{ id: string }[]>`select id from data_exports where user_id = ${userId}`;
      const [gone] = await tx<{ email: string }[]>`delete from users where id = ${userId} returning email`;
      // Counted attempts are keyed by the person's email or id (plugins/rate-limit.ts): neither may outlive them.
      await tx`delete from rate_limits where key = ${userId} or key = ${gone?.email ?? userId}`;
      return { exportIds: exports.map((row) => row.id) };
    },
  };
}
