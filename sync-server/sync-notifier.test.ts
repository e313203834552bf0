import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coalesceChanges, createPostgresNotifier, notificationPayloads, type FamilyChange } from './sync-notifier.ts';
import { connect } from './database.ts';
import { startTcpProxy } from './testing/tcp-proxy.ts';
import { useTestApp } from './testing/test-app.ts';

const context = useTestApp();

/** A family emptied in one batch names every member who left: more users than one notification can carry. */
function crowdedChange(): FamilyChange {
  return { familyId: randomUUID(), version: 7, membershipChanged: Array.from({ length: 400 }, () => randomUUID()) };
}

describe('publishing', () => {
  it('coalesces a batch into one change per family, at its highest version, naming everyone who came or went', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const familyA = randomUUID();
    const familyB = randomUUID();
    expect(
      coalesceChanges([
        { familyId: familyA, version: 3, membershipChanged: [a] },
        { familyId: familyB, version: 9, membershipChanged: [] },
        { familyId: familyA, version: 5, membershipChanged: [b, a] },
        { familyId: familyA, version: 4, membershipChanged: [c] },
      ]),
    ).toEqual([
      { familyId: familyA, version: 5, membershipChanged: [a, b, c] },
      { familyId: familyB, version: 9, membershipChanged: [] },
    ]);
  });

  it('keeps a batch seen by some only when every change in it is', () => {
    const [reader, otherReader] = [randomUUID(), randomUUID()];
    const familyId = randomUUID();
    const read = (userId: string, version: number): FamilyChange => ({
      familyId,
      version,
      membershipChanged: [],
      seenOnlyBy: [userId],
    });
    expect(coalesceChanges([read(reader, 3), read(otherReader, 4)])).toEqual([
      { familyId, version: 4, membershipChanged: [], seenOnlyBy: [reader, otherReader] },
    ]);
    expect(coalesceChanges([read(reader, 3), { familyId, version: 5, membershipChanged: [] }])).toEqual([
      { familyId, version: 5, membershipChanged: [] },
    ]);
  });

  it('splits a change too large for one notification, losing nobody', () => {
    const change = crowdedChange();
    const payloads = notificationPayloads(change);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const parts = payloads.map((payload) => JSON.parse(payload) as FamilyChange);
    expect(parts.every((part) => part.familyId === change.familyId && part.version === change.version)).toBe(true);
    expect(parts.flatMap((part) => part.membershipChanged)).toEqual(change.membershipChanged);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'delivers such a change through PostgreSQL, which refuses 8000 bytes',
    async () => {
      const notifier = await createPostgresNotifier(context.sql);
      try {
        const change = crowdedChange();
        const received: string[] = [];
        const everyone = new Promise<void>((resolve) => {
          notifier.subscribe((part) => {
            received.push(...part.membershipChanged);
            if (received.length === change.membershipChanged.length) resolve();
          });
        });
        await notifier.publish(change);
        await everyone;
        expect(received.sort()).toEqual([...change.membershipChanged].sort());
        await expect(context.sql.notify('hearth_sync', 'x'.repeat(8000))).rejects.toMatchObject({ code: '22023' });
      } finally {
        await notifier.close();
      }
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)('listening through PostgreSQL', () => {
  /** A notifier whose connections go through a proxy, and how to see that it hears changes again. */
  async function behindProxy() {
    const server = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const sql = connect(proxy.through(context.databaseUrl), 2);
    const notifier = await createPostgresNotifier(sql);
    return {
      proxy,
      notifier,
      /** Ends the database sessions of every connection through the proxy, as a failover does. */
      terminate: () =>
        context.sql`
          select pg_terminate_backend(pid) from pg_stat_activity where client_port = any(${proxy.serverSidePorts()})
        `,
      async hearsChanges(): Promise<void> {
        const change: FamilyChange = { familyId: randomUUID(), version: 3, membershipChanged: [] };
        const received = new Promise<FamilyChange>((resolve) => notifier.subscribe(resolve));
        // Published by another instance, straight to the database.
        await context.sql.notify('hearth_sync', JSON.stringify(change));
        expect(await received).toEqual(change);
      },
      async close() {
        await notifier.close();
        await sql.end({ timeout: 0 });
        await proxy.close();
      },
    };
  }

  it('listens again however long the database refuses it, and says changes may have been missed', async () => {
    const listener = await behindProxy();
    try {
      const missed = new Promise<void>((resolve) => listener.notifier.onChangesMissed(resolve));
      // The database restarts: every connection drops, and the first tries to connect again are refused.
      listener.proxy.refuse();
      await listener.proxy.refused(2);
      listener.proxy.accept();
      await missed;
      await listener.hearsChanges();
    } finally {
      await listener.close();
    }
  });

  it('listens again when its connection drops a second time while it asks to listen', async () => {
    const listener = await behindProxy();
    try {
      const missed = new Promise<void>((resolve) => listener.notifier.onChangesMissed(resolve));
      const asking = listener.proxy.swallowNext('listen "hearth_sync"');
      await listener.terminate();
      await asking;
      // The LISTEN asked on the new connection is still unanswered when that one drops too.
      await listener.terminate();
      await missed;
      await listener.hearsChanges();
    } finally {
      await listener.close();
    }
  });
});
