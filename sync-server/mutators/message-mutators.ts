import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createAlbumRepository } from '../repositories/album-repository.ts';
import { createMessageRepository } from '../repositories/message-repository.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createPhotoRepository } from '../repositories/photo-repository.ts';
import { createVoiceNoteRepository } from '../repositories/voice-note-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { createOnce, lockFamilyAsMember, lockFamilyOfRow, timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

/** A text message, or a photo the sender shared in this family (by its upload's id); numbered next in the family. */
export async function sendMessage(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'message.send'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const photoId = args.messageType === 'photo' ? args.photoId : null;
  if (photoId && (await createPhotoRepository(tx).filesNotOf([photoId], access.familyId, userId)).length > 0) {
    throw new MutationRejected('photoOfSomeoneElse');
  }
  const messages = createMessageRepository(tx);
  return createOnce(tx, access, {
    table: 'messages',
    id: args.messageId,
    find: () => messages.findRef(args.messageId, access.familyId),
    isThisCreate: (message) => message.familyId === access.familyId && message.senderId === userId,
    create: async (version) => {
      const created = await messages.create({
        id: args.messageId,
        familyId: access.familyId,
        senderId: userId,
        messageType: args.messageType,
        content: args.messageType === 'text' ? args.content : '',
        photoId,
        version,
        writtenAt: timeWritten(access, context),
      });
      // One notification per conversation while unread, counted up; none for whoever is reading it now. A voice
      // message's is written with its voice note, which knows how long it is (voice-note-mutators.ts).
      if (created && args.messageType !== 'voice') {
        await createNotificationRepository(tx).notify({
          familyId: access.familyId,
          type: 'chat_message',
          groupKey: 'chat',
          relatedId: args.messageId,
          actorId: userId,
          excerpt: args.messageType === 'text' ? args.content : 'Photo',
          version,
          except: await messages.readingNow(access.familyId),
        });
      }
      return created;
    },
  });
}

/**
 * The sender or an admin. The message keeps its place as "Message deleted"; a photo it showed goes too when the
 * sender shared it (it was shared for this message), and so does its voice note.
 */
export async function deleteMessage(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'message.delete'>,
): Promise<FamilyChange | null> {
  const messages = createMessageRepository(tx);
  const access = await lockFamilyOfRow(tx, context.userId, {
    table: 'messages',
    id: args.messageId,
    familyId: args.familyId,
    find: (familyId) => messages.findRef(args.messageId, familyId),
    deletedKind: 'messageNotFound',
  });
  const message = access.row;
  if (message.senderId !== context.userId && access.role !== 'admin') {
    throw new MutationRejected('notAllowedToDelete');
  }
  if (message.deleted) return null;
  const photos = createPhotoRepository(tx);
  const photo = message.photoId ? await photos.findRef(message.photoId, access.familyId) : null;
  return writeAtNewVersion(access, async (version) => {
    await messages.markDeleted(message, version, context.now);
    await createVoiceNoteRepository(tx).deleteOf(access.familyId, { messageId: message.id }, version);
    if (photo?.familyId === access.familyId && photo.uploadedById === message.senderId) {
      await createAlbumRepository(tx).dropCover(photo, version);
      await photos.delete(photo, version);
    }
  });
}

/** Moves the person's read position on, never back, and never past the family's newest message. */
export async function markChatRead(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'chat.read'>,
): Promise<FamilyChange | null> {
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const messages = createMessageRepository(tx);
  const readThrough = Math.min(args.readThrough, await messages.newestNumber(access.familyId));
  if (readThrough <= (await messages.readThrough(access.familyId, userId))) return null;
  // Nobody learns when anyone else read (pull-sources: chatReads, notifications).
  return writeAtNewVersion(
    access,
    async (version) => {
      await messages.markRead({ familyId: access.familyId, userId, readThrough }, version);
      await createNotificationRepository(tx).markChatRead(access.familyId, userId, version);
    },
    { seenOnlyBy: [userId] },
  );
}

export const messageMutators: Mutators<'message.send' | 'message.delete' | 'chat.read'> = {
  'message.send': sendMessage,
  'message.delete': deleteMessage,
  'chat.read': markChatRead,
};
