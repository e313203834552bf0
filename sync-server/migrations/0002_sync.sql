-- Sync (docs/decisions/0006-sync-protocol.md). Every family has a version counter; a write locks the family row by
-- bumping it, stamps the new version on every row it puts and records deletions as tombstones, so a pull can ask
-- "what changed in family F after version V" with one index range per table.

-- The family's counter. `row_version` is the version at which the family's own fields last changed: without it
-- every pull of a family that moved on would send the family row again.
alter table families
  add column version bigint not null default 0,
  add column row_version bigint not null default 0;

alter table family_members add column version bigint not null default 0;
alter table posts add column version bigint not null default 0;
alter table comments add column version bigint not null default 0;
alter table post_reactions add column version bigint not null default 0;

-- Comments and reactions carry their family so a pull reads them by (family_id, version) without a join. The
-- foreign keys name the post and its family together, so a comment or reaction can only be in its post's family:
-- a pull of one family never shows a row of another.
alter table posts add constraint posts_id_family_id_key unique (id, family_id);

alter table comments add column family_id uuid;
update comments c set family_id = p.family_id from posts p where p.id = c.post_id;
alter table comments
  alter column family_id set not null,
  add constraint comments_post_id_family_id_fkey foreign key (post_id, family_id)
    references posts (id, family_id) on delete cascade;

alter table post_reactions add column family_id uuid;
update post_reactions r set family_id = p.family_id from posts p where p.id = r.post_id;
alter table post_reactions
  alter column family_id set not null,
  add constraint post_reactions_post_id_family_id_fkey foreign key (post_id, family_id)
    references posts (id, family_id) on delete cascade;

-- The id devices know a reaction by (schema/sync-protocol.ts `reactionKey`), for pulls and tombstones alike.
alter table post_reactions
  add column id text not null
    generated always as (post_id::text || ':' || user_id::text || ':' || reaction_type) stored;

-- Rows written before sync existed are at version 1, so a device pulling from 0 gets them.
update families set version = 1, row_version = 1;
update family_members set version = 1;
update posts set version = 1;
update comments set version = 1;
update post_reactions set version = 1;

create index family_members_family_id_version_idx on family_members (family_id, version);
create index posts_family_id_version_idx on posts (family_id, version);
create index comments_family_id_version_idx on comments (family_id, version);
create index post_reactions_family_id_version_idx on post_reactions (family_id, version);

-- A deleted row, by the name the device knows its table by (schema/sync.ts `syncedTables`). Putting a row again
-- with the same id (a reaction set, unset and set again) deletes its tombstone.
create table sync_tombstones (
  family_id uuid not null references families (id) on delete cascade,
  table_name text not null check (table_name in ('families', 'members', 'posts', 'comments', 'reactions')),
  row_id text not null,
  version bigint not null,
  primary key (family_id, table_name, row_id)
);
create index sync_tombstones_family_id_version_idx on sync_tombstones (family_id, version);

-- A device id is made on the device and belongs to the first user who pushes or pulls with it.
create table sync_devices (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  -- The device's mutations up to this seq are done (applied or rejected): never run again.
  last_applied_seq bigint not null default 0 check (last_applied_seq >= 0),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sync_devices_user_id_idx on sync_devices (user_id);

-- Why a mutation was refused for good, kept so a device that lost the answer still learns it.
create table sync_rejections (
  device_id uuid not null references sync_devices (id) on delete cascade,
  seq bigint not null,
  name text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  primary key (device_id, seq)
);
