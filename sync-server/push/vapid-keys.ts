import webPush from 'web-push';
import type { Queryable } from '../database.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair: made the first time anyone needs it and kept in the database, so every instance signs
 * with the same keys and subscriptions outlive restarts. Two instances making one at once keep whichever was
 * stored first.
 */
export async function vapidKeys(sql: Queryable): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await sql<{ value: VapidKeys }[]>`select value from server_keys where name = 'vapid'`;
    return row?.value ?? null;
  };
  const stored = await read();
  if (stored) return stored;
  const made = webPush.generateVAPIDKeys();
  await sql`
    insert into server_keys (name, value)
    values ('vapid', jsonb_build_object('publicKey', ${made.publicKey}::text, 'privateKey', ${made.privateKey}::text))
    on conflict (name) do nothing
  `;
  const kept = await read();
  if (!kept) throw new Error('server_keys lost the VAPID keys right after storing them');
  return kept;
}
