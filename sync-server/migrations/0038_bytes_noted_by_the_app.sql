-- A database split by family runs no per-row triggers on family tables (docs/decisions/0063): the statements that
-- delete photo and voice files note the bytes they named themselves (repositories/photo-bytes-repository.ts
-- `noteUnusedBytes`), in the same transaction, as these triggers did.
drop trigger photo_files_note_unused_bytes on photo_files;
drop trigger voice_files_note_unused_bytes on voice_files;
drop function note_unused_photo_bytes();
