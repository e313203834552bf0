import type { Sql } from '../database.ts';
import { writeToFamily } from '../mutators/access.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createOccasionRepository, type Occasion } from '../repositories/occasion-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/**
 * When Hearth tells of what nobody's write causes (decision 0023):
 * - an event the day before (24 hours before a timed one; at 9:00 the day before, in the event's time zone, for one
 *   lasting whole days) and an hour before a timed one, to every member who has not said they cannot come, but only
 *   if the event existed by then (an event planned this morning for tonight gets no "tomorrow");
 * - a birthday on its day from 8:00 where each member is (their most recently seen device's time zone, else UTC);
 * - "You have memories from this day" from 8:00 where each member is, at most once a day (decision 0056).
 * Each occasion is told to each person once (`occasions_told`), so runs may repeat, overlap on several instances or
 * catch up after a restart: the first to record a person tells them, under the family's lock.
 */
export const occasionPolicy = {
  allDayReminderHour: 9,
  birthdayHour: 8,
  memoriesHour: 8,
  /** Occasions are looked for this far ahead; the earliest reminder is a day before. */
  lookAheadDays: 2,
  /** An occasion is only ever due within a day or two, so remembering it was told longer helps nothing. */
  toldKeptDays: 3,
};

/**
 * Tells an occasion to those of `recipients` still in its family and not told yet (another run may have got there
 * first, possibly through another family they share), in one transaction under the family's lock. Answers the
 * family's change for live pokes, or null when there was nobody left to tell.
 */
async function tell(sql: Sql, occasion: Occasion): Promise<FamilyChange | null> {
  return writeToFamily(sql, occasion.familyId, async (tx, writeVersion) => {
    const told = await createOccasionRepository(tx).recordTold(occasion);
    if (told.length === 0) return;
    await createNotificationRepository(tx).notify({
      familyId: occasion.familyId,
      type: occasion.type,
      groupKey: occasion.occasion,
      relatedId: occasion.relatedId,
      actorId: occasion.actorId,
      excerpt: occasion.excerpt,
      version: await writeVersion(),
      recipients: told,
    });
  });
}

/** Tells every reminder and birthday due at `now` that is not told yet. Answers the families it changed. */
export async function tellDueOccasions(sql: Sql, now = new Date()): Promise<FamilyChange[]> {
  const occasions = createOccasionRepository(sql);
  const due = [
    ...(await occasions.dueReminders(now, occasionPolicy)),
    ...(await occasions.dueBirthdays(now, occasionPolicy)),
    ...(await occasions.dueMemories(now, occasionPolicy)),
  ];
  const changes: FamilyChange[] = [];
  for (const occasion of due) {
    if (occasion.recipients.length === 0) continue;
    const change = await tell(sql, occasion);
    if (change) changes.push(change);
  }
  return changes;
}
