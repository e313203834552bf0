import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedEvent, SyncedRsvp } from '../../../schema/sync.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/** The family's events by start, from the device. */
export function useFamilyEvents(familyId: string): SyncedEvent[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(
    () => db.events.where('[familyId+startDate]').between([familyId, Dexie.minKey], [familyId, Dexie.maxKey]).toArray(),
    [db, familyId],
  );
}

/** Every answer given in the family, by event. */
export function useFamilyAnswers(familyId: string): Map<string, SyncedRsvp[]> | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const byEvent = new Map<string, SyncedRsvp[]>();
    for (const answer of await db.rsvps.where('familyId').equals(familyId).toArray()) {
      const answers = byEvent.get(answer.eventId);
      if (answers) answers.push(answer);
      else byEvent.set(answer.eventId, [answer]);
    }
    return byEvent;
  }, [db, familyId]);
}
