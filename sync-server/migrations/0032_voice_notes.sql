-- Voice notes become a synced table (issue 33, docs/decisions/0058-voice-notes-on-devices.md): the row that names a
-- voice file (migration 0029) as a chat message's sound or a photo's story, as a photo names its file. Its length and
-- waveform are the file's, read by the server from the sound; the row never holds what a device said of them.
create table voice_notes (
  id uuid primary key references voice_files (voice_note_id) on delete cascade,
  family_id uuid not null references families (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  -- What it belongs to: a voice message of the chat, or a photo whose story it tells.
  message_id uuid unique references messages (id) on delete cascade,
  photo_id uuid references photos (id) on delete cascade,
  version bigint not null,
  created_at timestamptz not null default now(),
  check ((message_id is null) <> (photo_id is null))
);
create index voice_notes_family_id_version_idx on voice_notes (family_id, version);
create index voice_notes_author_id_idx on voice_notes (author_id);
-- One story per photo per person (telling it again replaces it); those of deleted people all pass to the stand-in.
create unique index voice_notes_story_key on voice_notes (photo_id, author_id)
  where photo_id is not null and author_id <> '00000000-0000-4000-8000-000000000000';

-- A voice message names nothing in the message itself: its voice note names it once its recording is up.
alter table messages drop constraint messages_message_type_check;
alter table messages add constraint messages_message_type_check check (message_type in ('text', 'photo', 'voice'));
alter table messages drop constraint messages_content_check;
alter table messages add constraint messages_content_check check (
  char_length(content) <= 4000
  and case
    when deleted_at is not null then content = '' and photo_id is null
    when message_type = 'photo' then content = '' and photo_id is not null
    when message_type = 'voice' then content = '' and photo_id is null
    else content ~ '\S' and photo_id is null
  end
);
