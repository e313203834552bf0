import type { RowWriter } from '../row-writer.ts';
import type { LocalMutators } from './local-mutator.ts';

/** Deletes the voice notes of a message, a photo or a comment that is going, as the server does in the same write. */
export async function deleteVoiceNotesOf(
  writer: RowWriter,
  field: 'messageId' | 'photoId' | 'commentId',
  id: string,
): Promise<void> {
  for (const voiceNoteId of await writer.idsWhere('voiceNotes', field, id))
    await writer.delete('voiceNotes', voiceNoteId);
}

/**
 * Voice notes (decision 0058). Written only once the recording is on the server, whose row brings the length and
 * waveform it read from the sound: until the next pull the screens play the recording this device kept. Telling a
 * photo's story again takes the story told before away at once, as the server will.
 */
export const voiceNoteMutators: LocalMutators<'voiceNote.create' | 'voiceNote.delete'> = {
  'voiceNote.create': {
    async apply(writer, args, { signedInUser }) {
      if (args.on !== 'photo') return;
      for (const id of await writer.idsWhere('voiceNotes', 'photoId', args.photoId)) {
        const story = await writer.get('voiceNotes', id);
        if (story?.authorId === signedInUser.id && id !== args.voiceNoteId) await writer.delete('voiceNotes', id);
      }
    },
    describe: (args) =>
      args.on === 'message' ? 'Your voice message' : args.on === 'comment' ? 'Your voice comment' : 'Your story of a photo',
  },

  'voiceNote.delete': {
    async apply(writer, { voiceNoteId }) {
      await writer.delete('voiceNotes', voiceNoteId);
    },
    describe: () => 'Deleting a voice note',
  },
};
