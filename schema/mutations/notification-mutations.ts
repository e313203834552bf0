import { z } from 'zod';
import { familyOfRow, id } from '../fields.ts';

/** Notifications are written by the server alone (decision 0022); a person only marks their own as read. */
export const notificationMutationArgs = {
  'notification.read': z.strictObject({ notificationId: id, familyId: familyOfRow }),
} as const;
