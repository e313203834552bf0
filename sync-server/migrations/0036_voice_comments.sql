-- Voice comments (issue 33, docs/decisions/0065-voice-comments.md): a comment on a post may be a voice note, shaped
-- like a chat's voice message: a comment of type `voice` with no words, and the voice note naming it once its
-- recording is up.
alter table comments add column comment_type text not null default 'text' check (comment_type in ('text', 'voice'));
alter table comments drop constraint comments_content_check;
alter table comments add constraint comments_content_check check (
  case
    when comment_type = 'voice' then content = ''
    else char_length(content) between 1 and 2000 and content ~ '\S'
  end
);

-- A voice note may belong to a comment. Comments have no unique (family_id, id) to name with the family, so the
-- foreign key names the comment alone, as message_id names its message; the one-per-comment rule leads with the
-- family, as every family table's keys will.
alter table voice_notes add column comment_id uuid references comments (id) on delete cascade;
alter table voice_notes add constraint voice_notes_family_id_comment_id_key unique (family_id, comment_id);
alter table voice_notes drop constraint voice_notes_check;
alter table voice_notes add constraint voice_notes_belongs_to_one_check
  check (num_nonnulls(message_id, photo_id, comment_id) = 1);
-- What a comment's going looks its voice note up by (its foreign key's check, and a post's comments going at once).
create index voice_notes_comment_id_idx on voice_notes (comment_id) where comment_id is not null;
