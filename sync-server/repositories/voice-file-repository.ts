import type { Queryable } from '../database.ts';

/** A stored voice note's file: the bytes a voice note will name, and what was read from its sound (decision 0052). */
export type VoiceFile = {
  voiceNoteId: string;
  familyId: string;
  uploadedById: string;
  sha256: string;
  byteSize: number;
  contentType: string;
  durationMs: number;
  peaks: number[];
  playableByteSize: number;
};

type VoiceFileRow = {
  voice_note_id: string;
  family_id: string;
  uploaded_by_id: string;
  sha256: string;
  byte_size: number;
  content_type: string;
  duration_ms: number;
  peaks: number[];
  playable_byte_size: number;
};

function toVoiceFile(row: VoiceFileRow): VoiceFile {
  return {
    voiceNoteId: row.voice_note_id,
    familyId: row.family_id,
    uploadedById: row.uploaded_by_id,
    sha256: row.sha256,
    byteSize: row.byte_size,
    contentType: row.content_type,
    durationMs: row.duration_ms,
    peaks: row.peaks,
    playableByteSize: row.playable_byte_size,
  };
}

export function createVoiceFileRepository(sql: Queryable) {
  return {
    async findFile(voiceNoteId: string, familyId: string): Promise<VoiceFile | null> {
      const [row] = await sql<VoiceFileRow[]>`
        select * from voice_files where family_id = ${familyId} and voice_note_id = ${voiceNoteId}
      `;
      return row ? toVoiceFile(row) : null;
    },


    /** False when the id is taken already (an upload repeated after its answer was lost). */
    async addFile(file: VoiceFile): Promise<boolean> {
      const rows = await sql`
        insert into voice_files (
          voice_note_id, family_id, uploaded_by_id, sha256, byte_size, content_type, duration_ms, peaks,
          playable_byte_size
        )
        values (
          ${file.voiceNoteId}, ${file.familyId}, ${file.uploadedById}, ${file.sha256}, ${file.byteSize},
          ${file.contentType}, ${file.durationMs}, ${file.peaks}::smallint[], ${file.playableByteSize}
        )
        on conflict (family_id, voice_note_id) do nothing
        returning voice_note_id
      `;
      return rows.length === 1;
    },
  };
}
