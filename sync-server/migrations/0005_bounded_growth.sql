-- Bounded growth (docs/decisions/0013-bounded-growth-and-rebase-by-footprint.md): housekeeping.ts deletes what no
-- device can need any more.

-- When a row was deleted, so tombstones can be kept for a while and then let go.
alter table sync_tombstones add column deleted_at timestamptz not null default now();
create index sync_tombstones_deleted_at_idx on sync_tombstones (deleted_at);

-- Tombstones up to this version of the family may have been let go: a device whose copy is older than it cannot
-- learn every delete since, and fetches the family again from the start.
alter table families add column tombstone_floor bigint not null default 0 check (tombstone_floor >= 0);

create index sync_devices_last_seen_at_idx on sync_devices (last_seen_at);
create index invitations_expires_at_idx on invitations (expires_at);
