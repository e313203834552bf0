import webPush from 'web-push';
import type { Queryable } from '../database.ts';
import { createPushRepository, type VapidKeys } from '../repositories/push-repository.ts';

/**
 * The server's VAPID key pair: made the first time anyone needs it and kept in the database, so every instance signs
 * with the same keys and subscriptions outlive restarts. Two instances making one at once keep whichever was
 * stored first.
 */
export async function vapidKeys(sql: Queryable): Promise<VapidKeys> {
  const keys = createPushRepository(sql);
  const stored = await keys.vapidKeys();
  if (stored) return stored;
  const made = webPush.generateVAPIDKeys();
  await keys.storeVapidKeys(made);
  const kept = await keys.vapidKeys();
  if (!kept) throw new Error('server_keys lost the VAPID keys right after storing them');
  return kept;
}
