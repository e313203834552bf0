import type postgres from 'postgres';
import type { Queryable } from '../database.ts';

/**
 * Stored bytes by their sha256, which photo and voice files name and which are noted in `unused_photo_bytes` when a
 * file naming them goes (`noteUnusedBytes`); photos/photo-files.ts says when they leave storage.
 */
/**
 * Notes the bytes `sha256s` selects (a `sha256` column) as maybe unused, in the transaction of the write that deletes
 * the files naming them: every statement deleting photo or voice files, a family's cascade included, goes with one
 * (decision 0063; a trigger did this until a database split by family, which runs none). Noting bytes that another
 * file still names costs housekeeping one look.
 */
export async function noteUnusedBytes(sql: Queryable, sha256s: postgres.Fragment): Promise<void> {
  await sql`
    insert into unused_photo_bytes (sha256) select distinct sha256 from (${sha256s}) named on conflict do nothing
  `;
}

export function createPhotoBytesRepository(sql: Queryable) {
  return {
    /**
     * Holds the bytes for the rest of the transaction: an upload recording a file of them and housekeeping deleting
     * them never interleave, so an upload never names bytes that housekeeping is removing.
     */
    async hold(sha256: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`;
    },

    /** Bytes noted as unnamed, longest unnamed first. */
    async noted(limit: number): Promise<string[]> {
      const rows = await sql<{ sha256: string }[]>`select sha256 from unused_photo_bytes order by since limit ${limit}`;
      return rows.map((row) => row.sha256);
    },

    /** Whether a photo or voice file names them (again: an upload may have named them since they were noted). */
    async named(sha256: string): Promise<boolean> {
      const [named] = await sql`
        select 1 from photo_files where sha256 = ${sha256}
        union all select 1 from voice_files where sha256 = ${sha256}
        limit 1
      `;
      return !!named;
    },

    async forgetNoted(sha256: string): Promise<void> {
      await sql`delete from unused_photo_bytes where sha256 = ${sha256}`;
    },
  };
}
