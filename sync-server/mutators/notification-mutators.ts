import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { lockFamilyOfRow, writeAtNewVersion } from './access.ts';
import type { MutationContext, Mutators } from './mutator.ts';

/**
 * Marks one of the person's own notifications read. Someone else's reads exactly like one that does not exist
 * ("not a member"), so an id learns nothing.
 */
export async function readNotification(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'notification.read'>,
): Promise<FamilyChange | null> {
  const notifications = createNotificationRepository(tx);
  const own = async (familyId: string) => {
    const found = await notifications.find(args.notificationId, familyId);
    return found?.userId === userId ? found : null;
  };
  const access = await lockFamilyOfRow(tx, userId, {
    table: 'notifications',
    id: args.notificationId,
    familyId: args.familyId,
    find: own,
    deletedKind: 'notMember',
  });
  if (access.row.isRead) return null;
  const notification = { familyId: access.familyId, id: args.notificationId };
  return writeAtNewVersion(access, (version) => notifications.markRead(notification, userId, version), {
    seenOnlyBy: [userId],
  });
}

export const notificationMutators: Mutators<'notification.read'> = {
  'notification.read': readNotification,
};
