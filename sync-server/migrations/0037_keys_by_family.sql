-- Every family table keyed by its family (issue 37, docs/decisions/0063-a-schema-split-by-family.md): the family
-- column leads each primary key and unique key, and foreign keys between family tables pair the family columns, so
-- that a database split by family (Citus) keeps each family's rows, and what checks them, on one node. Only keys
-- change: no row is touched, and a key that a row breaks fails the migration instead of losing it.

-- The foreign keys between family tables hang on the keys replaced below: they go first and come back paired.
alter table albums drop constraint albums_cover_photo_fk, drop constraint albums_cover_photo_id_fkey;
alter table comments drop constraint comments_post_id_fkey, drop constraint comments_post_id_family_id_fkey;
alter table post_reactions
  drop constraint post_reactions_post_id_fkey, drop constraint post_reactions_post_id_family_id_fkey;
alter table event_attendees drop constraint event_attendees_event_id_family_id_fkey;
alter table photo_tags drop constraint photo_tags_photo_id_family_id_fkey;
alter table photos drop constraint photos_album_id_fkey, drop constraint photos_file_fk;
alter table voice_notes
  drop constraint voice_notes_id_fkey, drop constraint voice_notes_message_id_fkey,
  drop constraint voice_notes_photo_id_fkey, drop constraint voice_notes_comment_id_fkey;

-- Ids that devices make stay unique across families (`<table>_id_key`) until every statement names its family:
-- until then a statement may find a row by its id alone (decision 0063).
alter table posts drop constraint posts_pkey, drop constraint posts_id_family_id_key,
  add constraint posts_pkey primary key (family_id, id), add constraint posts_id_key unique (id);
alter table comments drop constraint comments_pkey,
  add constraint comments_pkey primary key (family_id, id), add constraint comments_id_key unique (id);
alter table albums drop constraint albums_pkey,
  add constraint albums_pkey primary key (family_id, id), add constraint albums_id_key unique (id);
alter table photos drop constraint photos_pkey, drop constraint photos_id_family_id_key,
  add constraint photos_pkey primary key (family_id, id), add constraint photos_id_key unique (id);
alter table events drop constraint events_pkey, drop constraint events_id_family_id_key,
  add constraint events_pkey primary key (family_id, id), add constraint events_id_key unique (id);
alter table messages drop constraint messages_pkey,
  add constraint messages_pkey primary key (family_id, id), add constraint messages_id_key unique (id);
alter table family_members drop constraint family_members_pkey,
  add constraint family_members_pkey primary key (family_id, id), add constraint family_members_id_key unique (id);
alter table voice_notes drop constraint voice_notes_pkey, drop constraint voice_notes_message_id_key,
  add constraint voice_notes_pkey primary key (family_id, id), add constraint voice_notes_id_key unique (id),
  add constraint voice_notes_message_id_key unique (family_id, message_id);
drop index voice_notes_story_key;
create unique index voice_notes_story_key on voice_notes (family_id, photo_id, author_id)
  where photo_id is not null and author_id <> '00000000-0000-4000-8000-000000000000';
alter table photo_files drop constraint photo_files_pkey,
  add constraint photo_files_pkey primary key (family_id, photo_id),
  add constraint photo_files_photo_id_key unique (photo_id);
alter table voice_files drop constraint voice_files_pkey,
  add constraint voice_files_pkey primary key (family_id, voice_note_id),
  add constraint voice_files_voice_note_id_key unique (voice_note_id);

-- A row of these is one per parent and person: the parent's id already belongs to one family.
alter table event_attendees drop constraint event_attendees_pkey,
  add constraint event_attendees_pkey primary key (family_id, event_id, user_id);
alter table photo_tags drop constraint photo_tags_pkey,
  add constraint photo_tags_pkey primary key (family_id, photo_id, user_id);
alter table post_reactions drop constraint post_reactions_pkey,
  add constraint post_reactions_pkey primary key (family_id, post_id, user_id, reaction_type);

-- Ids the server makes, and tokens of 32 random bytes, cannot meet another family's: they need an index to be found
-- by, not a key across families.
alter table notifications drop constraint notifications_pkey,
  add constraint notifications_pkey primary key (family_id, id);
create index notifications_id_idx on notifications (id);
drop index notifications_unread_group_idx;
create unique index notifications_unread_group_idx on notifications (family_id, user_id, type, group_key)
  where not is_read;
alter table invitations drop constraint invitations_pkey, drop constraint invitations_token_hash_key,
  add constraint invitations_pkey primary key (family_id, id);
create index invitations_id_idx on invitations (id);
create index invitations_token_hash_idx on invitations (token_hash);
alter table frame_links drop constraint frame_links_pkey, drop constraint frame_links_link_token_hash_key,
  drop constraint frame_links_token_hash_key, add constraint frame_links_pkey primary key (family_id, id);
create index frame_links_id_idx on frame_links (id);
create index frame_links_link_token_hash_idx on frame_links (link_token_hash);
create index frame_links_token_hash_idx on frame_links (token_hash);

-- Paired again. Setting null empties the reference alone: the family column is never null.
alter table albums add constraint albums_cover_photo_fkey foreign key (family_id, cover_photo_id)
  references photos (family_id, id) on delete set null (cover_photo_id);
alter table comments add constraint comments_post_fkey foreign key (family_id, post_id)
  references posts (family_id, id) on delete cascade;
alter table post_reactions add constraint post_reactions_post_fkey foreign key (family_id, post_id)
  references posts (family_id, id) on delete cascade;
alter table event_attendees add constraint event_attendees_event_fkey foreign key (family_id, event_id)
  references events (family_id, id) on delete cascade;
alter table photo_tags add constraint photo_tags_photo_fkey foreign key (family_id, photo_id)
  references photos (family_id, id) on delete cascade;
alter table photos add constraint photos_album_fkey foreign key (family_id, album_id)
  references albums (family_id, id) on delete set null (album_id);
alter table photos add constraint photos_file_fkey foreign key (family_id, id)
  references photo_files (family_id, photo_id) on delete cascade;
alter table voice_notes add constraint voice_notes_file_fkey foreign key (family_id, id)
  references voice_files (family_id, voice_note_id) on delete cascade;
alter table voice_notes add constraint voice_notes_message_fkey foreign key (family_id, message_id)
  references messages (family_id, id) on delete cascade;
alter table voice_notes add constraint voice_notes_photo_fkey foreign key (family_id, photo_id)
  references photos (family_id, id) on delete cascade;
alter table voice_notes add constraint voice_notes_comment_fkey foreign key (family_id, comment_id)
  references comments (family_id, id) on delete cascade;
