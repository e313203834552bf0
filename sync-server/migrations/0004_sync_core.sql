-- The sync core made ready for new tables (docs/decisions/0010-one-declaration-per-synced-table.md).

-- A tombstone's table name is whatever schema/synced-tables.ts declares, written only through the typed
-- `recordTombstones`: a list restated here would be one more place a new table could be forgotten.
alter table sync_tombstones drop constraint sync_tombstones_table_name_check;
