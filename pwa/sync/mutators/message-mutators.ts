import { chatReadKey } from '../../../schema/sync-protocol.ts';
import { excerpt, type LocalMutators } from './local-mutator.ts';
import { photoMutators } from './photo-mutators.ts';
import { deleteVoiceNotesOf } from './voice-note-mutators.ts';

/** Chat (decision 0021). A message has no number until the server has it: screens show those last, in seq order. */
export const messageMutators: LocalMutators<'message.send' | 'message.delete' | 'chat.read'> = {
  'message.send': {
    async apply(writer, args, { signedInUser, now }) {
      const { messageId, familyId, messageType } = args;
      if (!(await writer.get('families', familyId)) || (await writer.get('messages', messageId))) return;
      await writer.put('messages', {
        id: messageId,
        familyId,
        senderId: signedInUser.id,
        number: null,
        content: messageType === 'text' ? args.content : '',
        messageType,
        photoId: messageType === 'photo' ? args.photoId : null,
        createdAt: now,
        deletedAt: null,
      });
    },
    describe: (args) =>
      args.messageType === 'text'
        ? `Your message “${excerpt(args.content)}”`
        : args.messageType === 'photo'
          ? 'Your photo message'
          : 'Your voice message',
  },

  'message.delete': {
    async apply(writer, { messageId }, context) {
      const message = await writer.get('messages', messageId);
      if (!message || message.deletedAt) return;
      if (message.photoId) {
        const photo = await writer.get('photos', message.photoId);
        if (photo?.uploadedById === message.senderId) {
          await photoMutators['photo.delete'].apply(writer, { photoId: photo.id }, context);
        }
      }
      await deleteVoiceNotesOf(writer, 'messageId', messageId);
      await writer.put('messages', { ...message, content: '', photoId: null, deletedAt: context.now });
    },
    describe: () => 'Deleting a message',
  },

  'chat.read': {
    async apply(writer, { familyId, readThrough }, { signedInUser }) {
      const id = chatReadKey({ familyId, userId: signedInUser.id });
      const read = await writer.get('chatReads', id);
      if ((read?.readThrough ?? 0) >= readThrough || !(await writer.get('families', familyId))) return;
      await writer.put('chatReads', { id, familyId, userId: signedInUser.id, readThrough });
    },
    describe: () => 'Marking the chat as read',
  },
};
