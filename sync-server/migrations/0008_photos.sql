-- Photos and albums become synced tables with real files (issue 13, docs/decisions/0017-photos.md).

-- The file of each photo, stored before the photo is named (`photo.create` needs it). Keyed by the photo's id, which
-- the device made, so an upload repeated after a lost answer is the same row. The bytes are kept by their SHA-256:
-- the same file uploaded twice to a family is stored once.
create table photo_files (
  photo_id uuid primary key,
  family_id uuid not null references families (id) on delete cascade,
  uploaded_by_id uuid not null references users (id) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  byte_size integer not null check (byte_size > 0),
  content_type text not null check (content_type ~ '^image/'),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);
create index photo_files_family_id_sha256_idx on photo_files (family_id, sha256);
create index photo_files_uploaded_by_id_idx on photo_files (uploaded_by_id);

-- No photo or album was ever written (the screens did not exist): the tables are reshaped freely.
alter table albums add column version bigint not null default 0;
create index albums_family_id_version_idx on albums (family_id, version);

alter table photos drop column image_url;
alter table photos add column version bigint not null default 0;
alter table photos add constraint photos_file_fk foreign key (id) references photo_files (photo_id) on delete cascade;
create index photos_family_id_version_idx on photos (family_id, version);

-- A cover that is deleted leaves the album showing its newest photo.
alter table albums add constraint albums_cover_photo_fk foreign key (cover_photo_id) references photos (id)
  on delete set null;
