-- Ids devices make are unique in their family, no longer across families (docs/decisions/0068): every statement
-- that finds a row by its id names the row's family too, so a database split by family (Citus) can keep each key on
-- the node of its family. A plain index on the id stays for what is found by id alone (a photo's address, a write
-- queued by an app from before writes named their family), as notifications' and invitations' ids have.
alter table posts drop constraint posts_id_key;
create index posts_id_idx on posts (id);
alter table comments drop constraint comments_id_key;
create index comments_id_idx on comments (id);
alter table albums drop constraint albums_id_key;
create index albums_id_idx on albums (id);
alter table photos drop constraint photos_id_key;
create index photos_id_idx on photos (id);
alter table events drop constraint events_id_key;
create index events_id_idx on events (id);
alter table messages drop constraint messages_id_key;
create index messages_id_idx on messages (id);
alter table family_members drop constraint family_members_id_key;
create index family_members_id_idx on family_members (id);
alter table voice_notes drop constraint voice_notes_id_key;
create index voice_notes_id_idx on voice_notes (id);
alter table photo_files drop constraint photo_files_photo_id_key;
create index photo_files_photo_id_idx on photo_files (photo_id);
alter table voice_files drop constraint voice_files_voice_note_id_key;
create index voice_files_voice_note_id_idx on voice_files (voice_note_id);
