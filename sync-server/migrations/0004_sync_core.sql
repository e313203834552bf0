-- The sync core made ready for new tables (docs/decisions/0010-one-declaration-per-synced-table.md).

-- A tombstone's table name is whatever schema/synced-tables.ts declares, written only through the typed
-- `recordTombstones`: a list restated here would be one more place a new table could be forgotten.
alter table sync_tombstones drop constraint sync_tombstones_table_name_check;

-- The identity of the server's history (docs/decisions/0011-server-history-and-device-owner.md): one row, written at
-- start by sync-history.ts. A database restored from a backup, copied or moved gets a new epoch, and every device
-- that synced with the old one starts over.
create table sync_history (
  singleton boolean primary key default true check (singleton),
  epoch uuid not null,
  database_identity text not null,
  started_at timestamptz not null default now()
);

-- A create replayed after its row was deleted finds the tombstone by the row's id alone (mutators/access.ts
-- `createOnce`), whatever family it names.
create index sync_tombstones_table_name_row_id_idx on sync_tombstones (table_name, row_id);
