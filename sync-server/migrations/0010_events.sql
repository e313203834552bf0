-- Events and their answers become synced tables (issue 14). No event was ever written (the screen did not exist):
-- the tables are reshaped freely.

-- An event keeps its creator's time zone (for calendar files and "3 pm in Lagos") and whether it lasts whole days;
-- an all-day event's start and end are midnight UTC of its first and last days.
alter table events add column time_zone text not null default 'UTC' check (char_length(time_zone) between 1 and 64);
alter table events add column all_day boolean not null default false;
alter table events add column version bigint not null default 0;
alter table events add constraint events_id_family_id_key unique (id, family_id);
create index events_family_id_version_idx on events (family_id, version);

-- An answer carries its family so a pull reads it by (family_id, version), and can only be in its event's family.
alter table event_attendees add column family_id uuid not null;
alter table event_attendees drop constraint event_attendees_event_id_fkey;
alter table event_attendees
  add constraint event_attendees_event_id_family_id_fkey foreign key (event_id, family_id)
    references events (id, family_id) on delete cascade;
alter table event_attendees add column version bigint not null default 0;
create index event_attendees_family_id_version_idx on event_attendees (family_id, version);
-- The id devices know an answer by (schema/sync-protocol.ts `rsvpKey`), for pulls and tombstones alike.
alter table event_attendees
  add column id text not null generated always as (event_id::text || ':' || user_id::text) stored;
