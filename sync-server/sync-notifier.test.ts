import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coalesceChanges, createPostgresNotifier, notificationPayloads, type FamilyChange } from './sync-notifier.ts';
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
