import type { Queryable } from '../database.ts';
import { isoTime } from './iso-time.ts';
import type { PullSource } from './pull-source.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { type InFamily } from './synced-storage.ts';

/** What permission checks need to know about a voice note (decision 0058). */
export type VoiceNoteRef = {
  id: string;
  familyId: string;
  authorId: string;
  messageId: string | null;
  photoId: string | null;
  commentId: string | null;
};

export type NewVoiceNote = VoiceNoteRef & { version: number; writtenAt: Date };

/** Its length and waveform come from its file, read by the server from the sound (decision 0052). */
export const voiceNotePullSource: PullSource = (sql, familyId, from) => sql`
  select v.version, v.id::text as id,
    jsonb_build_object(
      'id', v.id, 'familyId', v.family_id, 'authorId', v.author_id, 'messageId', v.message_id,
      'photoId', v.photo_id, 'commentId', v.comment_id, 'durationMs', f.duration_ms, 'peaks', to_jsonb(f.peaks),
      'createdAt', ${isoTime(sql, sql`v.created_at`)}
    ) as row
  from voice_notes v join voice_files f on f.family_id = v.family_id and f.voice_note_id = v.id
  where v.family_id = ${familyId} and v.version >= ${from}
`;

type VoiceNoteRefRow = {
  id: string;
  family_id: string;
  author_id: string;
  message_id: string | null;
  photo_id: string | null;
  comment_id: string | null;
};

function toRef(row: VoiceNoteRefRow): VoiceNoteRef {
  return {
    id: row.id,
    familyId: row.family_id,
    authorId: row.author_id,
    messageId: row.message_id,
    photoId: row.photo_id,
    commentId: row.comment_id,
  };
}

export function createVoiceNoteRepository(sql: Queryable) {
  return {
    async findRef(voiceNoteId: string, familyId: string): Promise<VoiceNoteRef | null> {
      const [row] = await sql<VoiceNoteRefRow[]>`
        select id, family_id, author_id, message_id, photo_id, comment_id from voice_notes
        where id = ${voiceNoteId} and family_id = ${familyId}
      `;
      return row ? toRef(row) : null;
    },

    /** The story `authorId` told of the photo, if any: telling it again replaces it. */
    async storyOf(familyId: string, photoId: string, authorId: string): Promise<VoiceNoteRef | null> {
      const [row] = await sql<VoiceNoteRefRow[]>`
        select id, family_id, author_id, message_id, photo_id, comment_id from voice_notes
        where family_id = ${familyId} and photo_id = ${photoId} and author_id = ${authorId}
      `;
      return row ? toRef(row) : null;
    },

    /** The voice note of a message, if its recording has been named yet. */
    async ofMessage(messageId: string): Promise<VoiceNoteRef | null> {
      const [row] = await sql<VoiceNoteRefRow[]>`
        select id, family_id, author_id, message_id, photo_id, comment_id from voice_notes where message_id = ${messageId}
      `;
      return row ? toRef(row) : null;
    },

    /**
     * False when the id is taken already (or the message or comment has its voice note). Clears a tombstone of the
     * same id.
     */
    create(note: NewVoiceNote): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'voiceNotes',
        sql`
          insert into voice_notes (id, family_id, author_id, message_id, photo_id, comment_id, version, created_at)
          values (
            ${note.id}, ${note.familyId}, ${note.authorId}, ${note.messageId}, ${note.photoId}, ${note.commentId},
            ${note.version}, ${note.writtenAt}
          )
          on conflict do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    /** The row goes, tombstoned; its file stays until housekeeping takes the voice file with its family. */
    async delete(voiceNote: InFamily, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'voiceNotes',
        version,
        sql`
          delete from voice_notes where family_id = ${voiceNote.familyId} and id = ${voiceNote.id}
          returning family_id, id::text as row_id
        `,
      );
    },

    /**
     * The voice notes of a message, a photo, a comment or a post's comments that are going, tombstoned (their foreign
     * keys would take them silently).
     */
    async deleteOf(
      familyId: string,
      of: { messageId: string } | { photoId: string } | { commentId: string } | { postId: string },
      version: number,
    ): Promise<void> {
      const where =
        'messageId' in of
          ? sql`message_id = ${of.messageId}`
          : 'photoId' in of
            ? sql`photo_id = ${of.photoId}`
            : 'commentId' in of
              ? sql`comment_id = ${of.commentId}`
              : sql`comment_id in (select id from comments where family_id = ${familyId} and post_id = ${of.postId})`;
      await recordTombstones(
        sql,
        'voiceNotes',
        version,
        sql`
          delete from voice_notes where family_id = ${familyId} and ${where} returning family_id, id::text as row_id
        `,
      );
    },
  };
}
