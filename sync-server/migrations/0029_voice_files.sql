-- Voice notes' files (docs/decisions/0052-voice-notes.md), stored like photo files before the voice note is named:
-- keyed by the id the device made for the voice note, so an upload repeated after a lost answer is the same row. The
-- original is kept by its SHA-256 in the photo storage, beside the copy every browser plays; the length and the
-- waveform are read from the sound once, here.
create table voice_files (
  voice_note_id uuid primary key,
  family_id uuid not null references families (id) on delete cascade,
  uploaded_by_id uuid not null references users (id) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  byte_size integer not null check (byte_size > 0),
  content_type text not null check (content_type in ('audio/webm', 'audio/mp4', 'audio/ogg')),
  duration_ms integer not null check (duration_ms > 0 and duration_ms <= 301000),
  peaks smallint[] not null check (cardinality(peaks) = 64),
  playable_byte_size integer not null check (playable_byte_size > 0),
  created_at timestamptz not null default now()
);
create index voice_files_family_id_idx on voice_files (family_id);
create index voice_files_uploaded_by_id_idx on voice_files (uploaded_by_id);

-- Bytes a voice file stopped naming go from storage as a photo's do (migration 0009's housekeeping).
create trigger voice_files_note_unused_bytes after delete on voice_files
  for each row execute function note_unused_photo_bytes();
