-- Bytes that a photo file stopped naming (its photo deleted, its family or uploader gone, an upload never named):
-- housekeeping deletes them from storage once no other upload shares them (docs/decisions/0017-photos.md). A trigger
-- notes every way a photo file goes, cascades included, so no path forgets to.
create table unused_photo_bytes (
  sha256 text primary key,
  since timestamptz not null default now()
);

create function note_unused_photo_bytes() returns trigger language plpgsql as $$
begin
  insert into unused_photo_bytes (sha256) values (old.sha256) on conflict do nothing;
  return old;
end
$$;

create trigger photo_files_note_unused_bytes after delete on photo_files
  for each row execute function note_unused_photo_bytes();
