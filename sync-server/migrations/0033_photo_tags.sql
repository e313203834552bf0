-- Who is in each photo (issue 34, decision 0060): one tag per person per photo, optionally at a point of the picture.

-- A tag carries its photo's family, so a pull reads it by (family_id, version) and it can only be in that family.
alter table photos add constraint photos_id_family_id_key unique (id, family_id);

create table photo_tags (
  photo_id uuid not null,
  family_id uuid not null,
  -- Who is in the photo, and who said so: a tag goes with either person's account (decision 0060).
  user_id uuid not null references users (id) on delete cascade,
  tagged_by_id uuid not null references users (id) on delete cascade,
  -- Where in the picture, as fractions of its width and height from the top left; both or neither.
  x double precision check (x between 0 and 1),
  y double precision check (y between 0 and 1),
  created_at timestamptz not null default now(),
  version bigint not null,
  -- The id devices know it by (schema/sync-protocol.ts `photoTagKey`), for pulls and tombstones alike.
  id text not null generated always as (photo_id::text || ':' || user_id::text) stored,
  primary key (photo_id, user_id),
  foreign key (photo_id, family_id) references photos (id, family_id) on delete cascade,
  check ((x is null) = (y is null))
);
create index photo_tags_family_id_version_idx on photo_tags (family_id, version);
create index photo_tags_user_id_idx on photo_tags (user_id);
create index photo_tags_tagged_by_id_idx on photo_tags (tagged_by_id);

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_post', 'post_comment', 'new_event', 'event_rsvp', 'new_member', 'chat_message',
  'event_tomorrow', 'event_soon', 'birthday', 'new_photos', 'export_ready', 'memories', 'photo_tag'
));
