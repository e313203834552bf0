import type { LocalMutators } from './local-mutator.ts';

/** The server writes notifications (decision 0022); a device only marks the person's own as read. */
export const notificationMutators: LocalMutators<'notification.read'> = {
  'notification.read': {
    async apply(writer, { notificationId }) {
      const notification = await writer.get('notifications', notificationId);
      if (notification && !notification.isRead) await writer.put('notifications', { ...notification, isRead: true });
    },
    describe: () => 'Marking a notification as read',
  },
};
