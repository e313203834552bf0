import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedEvent, SyncedRsvp } from '../../../schema/sync.ts';
import { publicName } from '../account/display-name.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useFamilyMembers } from '../family/use-family-members.ts';
import { birthdaysBetween, daysAfter, type BirthdayEntry } from './birthdays.ts';

/** How far ahead Upcoming Events shows birthdays: a family's birthdays in the coming two months. */
export const birthdaysAheadDays = 60;

/** The members' birthdays from `today` (the viewer's calendar day) for the next two months, soonest first. */
export function useFamilyBirthdays(familyId: string, today: string): BirthdayEntry[] | undefined {
  const members = useFamilyMembers(familyId);
  if (!members) return undefined;
  const people = members.flatMap((member) =>
    member.user ? [{ userId: member.userId, name: publicName(member.user), birthday: member.user.birthday }] : [],
  );
  return birthdaysBetween(people, today, daysAfter(today, birthdaysAheadDays));
}

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
