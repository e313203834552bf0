import type { Queryable } from '../database.ts';
import { storedIn } from '../repositories/synced-storage.ts';

/**
 * How each table would spread over several database servers (docs/decisions/0063): a family table is split by its
 * family column, every family's rows on one node; a global table belongs to no family (a reference table, copied to
 * every node, or one kept on the coordinator). Every table of the schema is one or the other, so a new table has to
 * say which before the readiness check passes.
 */
export const familyColumnOf: Record<string, string> = {
  // The family itself is split by its id, so that it sits with its rows.
  ...Object.fromEntries(Object.values(storedIn).map((table) => [table, table === 'families' ? 'id' : 'family_id'])),
  // Family rows that are not synced to devices.
  sync_tombstones: 'family_id',
  invitations: 'family_id',
  photo_files: 'family_id',
  voice_files: 'family_id',
  frame_links: 'family_id',
};

export const globalTables = [
  // A person, their sign-in and their devices: reference tables.
  'users',
  'sessions',
  'sign_in_devices',
  'account_links',
  'passkeys',
  'passkey_challenges',
  'sync_devices',
  'sync_rejections',
  'push_subscriptions',
  'user_settings',
  'calendar_feeds',
  'digest_unsubscribe_tokens',
  'data_exports',
  'occasions_told',
  // The server's own bookkeeping and the public forms: local to the coordinator.
  'schema_migrations',
  'sync_history',
  'server_keys',
  'rate_limits',
  'unused_photo_bytes',
  'contact_messages',
  'early_access_signups',
  'newsletter_subscriptions',
  'suggestions',
];

type Column = { table: string; column: string; type: string; notNull: boolean };
type UniqueIndex = { table: string; name: string; columns: (string | null)[] };
type ForeignKey = {
  table: string;
  name: string;
  references: string;
  pairs: { from: string; to: string }[];
  setsNull: string[] | null;
};

/**
 * What would keep this database from being split by family, one line each, naming the table and the constraint: a
 * primary key or unique index that does not lead with the family column (a node can only enforce uniqueness among
 * its own rows), a foreign key between family tables that does not pair their family columns, or that would set the
 * family column to null, a foreign key from a global table into a family table, a family column that is nullable or
 * of another type than `families.id`, a trigger on a family table, and a table that is neither kind. Plain indexes
 * are left alone: each node builds its own, and they enforce nothing across nodes.
 */
export async function distributionFindings(sql: Queryable): Promise<string[]> {
  const tables = (await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1
  `).map((row) => row.name);
  const columns = await sql<Column[]>`
    select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as "notNull"
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
  `;
  const uniqueIndexes = await sql<UniqueIndex[]>`
    select c.relname as "table", coalesce(con.conname, i.relname) as name,
      array(
        select a.attname from unnest(x.indkey) with ordinality as k(attnum, position)
        left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
        order by k.position
      ) as columns
    from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_constraint con on con.conindid = x.indexrelid and con.contype in ('p', 'u')
    where n.nspname = 'public' and x.indisunique order by 1, 2
  `;
  const foreignKeys = await sql<ForeignKey[]>`
    select c.relname as "table", con.conname as name, r.relname as "references",
      array(
        select json_build_object('from', a.attname, 'to', b.attname)
        from unnest(con.conkey, con.confkey) as k(from_number, to_number)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.from_number
        join pg_attribute b on b.attrelid = con.confrelid and b.attnum = k.to_number
      ) as pairs,
      case when con.confdeltype = 'n' then array(
        select a.attname from pg_attribute a
        where a.attrelid = con.conrelid and a.attnum = any(coalesce(con.confdelsetcols, con.conkey))
      ) end as "setsNull"
    from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_class r on r.oid = con.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and con.contype = 'f' order by 1, 2
  `;
  const triggers = await sql<{ table: string; name: string }[]>`
    select c.relname as "table", t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal order by 1, 2
  `;

  const findings: string[] = [];
  const isFamilyTable = (table: string) => table in familyColumnOf;
  const familyIdType = columns.find((column) => column.table === 'families' && column.column === 'id')?.type;
  for (const table of tables) {
    if (!isFamilyTable(table) && !globalTables.includes(table)) {
      findings.push(`${table}: neither a family table nor a global one (testing/distribution.ts)`);
    }
    const familyColumn = familyColumnOf[table];
    if (!familyColumn && columns.some((column) => column.table === table && column.column === 'family_id')) {
      findings.push(`${table}: has family_id but is not a family table`);
    }
    if (!familyColumn) continue;
    const column = columns.find((candidate) => candidate.table === table && candidate.column === familyColumn);
    if (!column) findings.push(`${table}: no family column ${familyColumn}`);
    else if (!column.notNull) findings.push(`${table}: family column ${familyColumn} is nullable`);
    else if (column.type !== familyIdType) findings.push(`${table}: family column ${familyColumn} is ${column.type}`);
  }
  for (const index of uniqueIndexes) {
    const familyColumn = familyColumnOf[index.table];
    if (familyColumn && index.columns[0] !== familyColumn) {
      const shown = index.columns.map((name) => name ?? '(expression)').join(', ');
      findings.push(`${index.table}: ${index.name} (${shown}) does not lead with ${familyColumn}`);
    }
  }
  for (const key of foreignKeys) {
    const familyColumn = familyColumnOf[key.table];
    const referencedFamilyColumn = familyColumnOf[key.references];
    if (!referencedFamilyColumn) continue;
    if (!familyColumn) {
      findings.push(`${key.table}: ${key.name} is a global table's foreign key into family table ${key.references}`);
      continue;
    }
    if (!key.pairs.some((pair) => pair.from === familyColumn && pair.to === referencedFamilyColumn)) {
      const pairing = `${familyColumn} with ${referencedFamilyColumn}`;
      findings.push(`${key.table}: ${key.name} to ${key.references} does not pair ${pairing}`);
    } else if (key.setsNull?.includes(familyColumn)) {
      findings.push(`${key.table}: ${key.name} would set ${familyColumn} to null`);
    }
  }
  for (const trigger of triggers) {
    if (isFamilyTable(trigger.table)) findings.push(`${trigger.table}: trigger ${trigger.name}`);
  }
  return findings;
}
