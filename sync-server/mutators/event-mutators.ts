import type { MutationArgs } from '../../schema/index.ts';
import { answerExcerpt } from '../../schema/notification-text.ts';
import type { Transaction } from '../database.ts';
import { createEventRepository, type EventFields } from '../repositories/event-repository.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { createOnce, lockFamilyAsMember, lockFamilyOfRow, timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

function lockFamilyOfEvent(tx: Transaction, userId: string, event: { eventId: string; familyId?: string }) {
  const events = createEventRepository(tx);
  return lockFamilyOfRow(tx, userId, {
    table: 'events',
    id: event.eventId,
    familyId: event.familyId,
    find: (familyId) => events.findRef(event.eventId, familyId),
    deletedKind: 'eventNotFound',
  });
}

function fieldsOf(args: MutationArgs<'event.create' | 'event.update'>): EventFields {
  const { title, description, location, startDate, endDate, timeZone, allDay } = args;
  return { title, description, location, startDate, endDate, timeZone, allDay };
}

export async function createEvent(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'event.create'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const events = createEventRepository(tx);
  return createOnce(tx, access, {
    table: 'events',
    id: args.eventId,
    find: () => events.findRef(args.eventId, access.familyId),
    isThisCreate: (event) => event.familyId === access.familyId && event.createdById === userId,
    create: async (version) => {
      const created = await events.create({
        id: args.eventId,
        familyId: access.familyId,
        createdById: userId,
        ...fieldsOf(args),
        version,
        writtenAt: timeWritten(access, context),
      });
      if (created) {
        await createNotificationRepository(tx).notify({
          familyId: access.familyId,
          type: 'new_event',
          groupKey: args.eventId,
          relatedId: args.eventId,
          actorId: userId,
          excerpt: args.title,
          version,
        });
      }
      return created;
    },
  });
}

/** Its creator or an admin. */
export async function updateEvent(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'event.update'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfEvent(tx, context.userId, args);
  if (access.row.createdById !== context.userId && access.role !== 'admin') {
    throw new MutationRejected('notYourEvent');
  }
  return writeAtNewVersion(access, (version) =>
    createEventRepository(tx).update(access.row, fieldsOf(args), version, timeWritten(access, context)),
  );
}

/** Its creator or an admin; its answers go with it. */
export async function deleteEvent(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'event.delete'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfEvent(tx, userId, args);
  if (access.row.createdById !== userId && access.role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  return writeAtNewVersion(access, (version) => createEventRepository(tx).delete(access.row, version));
}

/**
 * The person's own answer. Says what the answer is (not "toggle"), so a replay lands on the same state. Answers close
 * when the event starts, as of when the person answered: an answer given on a plane the day before still counts.
 */
export async function answerEvent(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'event.rsvp'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyOfEvent(tx, userId, args);
  const answeredAt = timeWritten(access, context);
  if (access.row.answersCloseAt <= answeredAt) throw new MutationRejected('eventStarted');
  const events = createEventRepository(tx);
  if ((await events.statusOf(access.familyId, args.eventId, userId)) === args.status) return null;
  return writeAtNewVersion(access, async (version) => {
    await events.answer(
      { eventId: args.eventId, userId, familyId: access.familyId, status: args.status },
      version,
      answeredAt,
    );
    // The event's maker hears who answered what, to which event.
    await createNotificationRepository(tx).notify({
      familyId: access.familyId,
      type: 'event_rsvp',
      groupKey: args.eventId,
      relatedId: args.eventId,
      actorId: userId,
      excerpt: answerExcerpt(args.status, access.row.title),
      version,
      recipients: [access.row.createdById],
    });
  });
}

export const eventMutators: Mutators<'event.create' | 'event.update' | 'event.delete' | 'event.rsvp'> = {
  'event.create': createEvent,
  'event.update': updateEvent,
  'event.delete': deleteEvent,
  'event.rsvp': answerEvent,
};
