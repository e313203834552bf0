import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createCommentRepository } from '../repositories/comment-repository.ts';
import { createMessageRepository } from '../repositories/message-repository.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createPhotoRepository } from '../repositories/photo-repository.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { createVoiceFileRepository } from '../repositories/voice-file-repository.ts';
import { createVoiceNoteRepository } from '../repositories/voice-note-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { createOnce, lockFamilyAsMember, lockFamilyOfRow, timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

/**
 * Names the recording the person uploaded under this id, in this family (decision 0058), as the sound of their own
 * voice message or voice comment (decision 0065) or as their story of a photo of the family, which replaces the one
 * they told before. Its length and
 * waveform are the file's, read by the server; the author is the session's person.
 */
export async function createVoiceNote(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'voiceNote.create'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const voiceNotes = createVoiceNoteRepository(tx);
  const messageId = args.on === 'message' ? args.messageId : null;
  const photoId = args.on === 'photo' ? args.photoId : null;
  const commentId = args.on === 'comment' ? args.commentId : null;
  const comment = commentId ? await createCommentRepository(tx).findRef(commentId, access.familyId) : null;
  const existing = await voiceNotes.findRef(args.voiceNoteId, access.familyId);
  const file = existing ? null : await createVoiceFileRepository(tx).findFile(args.voiceNoteId, access.familyId);
  if (!existing) {
    // Someone else's recording, or another family's, is as good as none: a voice note names its own person's bytes.
    if (file?.uploadedById !== userId || file.familyId !== access.familyId) {
      throw new MutationRejected('voiceFileMissing');
    }
    if (messageId) {
      const message = await createMessageRepository(tx).findRef(messageId, access.familyId);
      if (message?.familyId !== access.familyId) throw new MutationRejected('messageNotFound');
      if (message.senderId !== userId || message.messageType !== 'voice') {
        throw new MutationRejected('notYourVoiceMessage');
      }
      if (message.deleted) throw new MutationRejected('messageNotFound');
    }
    if (photoId && !(await createPhotoRepository(tx).findRef(photoId, access.familyId))) {
      throw new MutationRejected('photoNotFound');
    }
    if (commentId) {
      if (comment?.familyId !== access.familyId) throw new MutationRejected('commentNotFound');
      if (comment.authorId !== userId || comment.commentType !== 'voice') {
        throw new MutationRejected('notYourVoiceComment');
      }
    }
  }
  return createOnce(tx, access, {
    table: 'voiceNotes',
    id: args.voiceNoteId,
    // Read above, before deciding what else to check.
    find: async () => existing,
    isThisCreate: (note) =>
      note.familyId === access.familyId &&
      note.authorId === userId &&
      note.messageId === messageId &&
      note.photoId === photoId &&
      note.commentId === commentId,
    create: async (version) => {
      // Telling a photo's story again replaces the story told before.
      const before = photoId ? await voiceNotes.storyOf(access.familyId, photoId, userId) : null;
      if (before) await voiceNotes.delete(before, version);
      const created = await voiceNotes.create({
        id: args.voiceNoteId,
        familyId: access.familyId,
        authorId: userId,
        messageId,
        photoId,
        commentId,
        version,
        writtenAt: timeWritten(access, context),
      });
      // The chat hears of a voice message now that its length is known: "Rose sent a voice message (0:42)".
      if (created && messageId && file) {
        await createNotificationRepository(tx).notify({
          familyId: access.familyId,
          type: 'chat_message',
          groupKey: 'chat',
          relatedId: messageId,
          actorId: userId,
          excerpt: { voiceMs: file.durationMs },
          version,
          except: await createMessageRepository(tx).readingNow(access.familyId),
        });
      }
      // The post's author hears of a voice comment now that its length is known (not of their own comments).
      if (created && comment && file) {
        const post = await createPostRepository(tx).findRef(comment.postId, access.familyId);
        await createNotificationRepository(tx).notify({
          familyId: access.familyId,
          type: 'post_comment',
          groupKey: comment.postId,
          relatedId: comment.postId,
          actorId: userId,
          excerpt: { voiceMs: file.durationMs },
          version,
          recipients: post ? [post.authorId] : [],
        });
      }
      return created;
    },
  });
}

/** Its author or an admin (a voice message's goes with its message too: `message.delete`). */
export async function deleteVoiceNote(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'voiceNote.delete'>,
): Promise<FamilyChange> {
  const voiceNotes = createVoiceNoteRepository(tx);
  const access = await lockFamilyOfRow(tx, userId, {
    table: 'voiceNotes',
    id: args.voiceNoteId,
    familyId: args.familyId,
    find: (familyId) => voiceNotes.findRef(args.voiceNoteId, familyId),
    deletedKind: 'voiceNoteNotFound',
  });
  if (access.row.authorId !== userId && access.role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  return writeAtNewVersion(access, (version) => voiceNotes.delete(access.row, version));
}

export const voiceNoteMutators: Mutators<'voiceNote.create' | 'voiceNote.delete'> = {
  'voiceNote.create': createVoiceNote,
  'voiceNote.delete': deleteVoiceNote,
};
