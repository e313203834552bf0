import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { display } from '../../../schema/limits.ts';
import { rsvpKey } from '../../../schema/sync-protocol.ts';
import type { SyncedFamily } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import * as headerStyles from '../../ui/page-header-row.css.ts';
import { PageHeader } from '../../ui/page.tsx';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import { useHistoryDialog } from '../../ui/use-history-dialog.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { publicName } from '../account/display-name.ts';
import { useFirstPullDone, usePendingIds } from '../device-session/use-sync-state.ts';
import { FamilyScreen } from '../family/family-screen.tsx';
import { useFamilyMembers } from '../family/use-family-members.ts';
import { upcomingWithBirthdays } from './birthdays.ts';
import { CalendarSubscriptionDialog } from './calendar-subscription-dialog.tsx';
import { BirthdayCard, EventCard } from './event-card.tsx';
import { EventDialog } from './event-dialog.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';
import { calendarDay, isUpcoming, viewerTimeZone } from './event-times.ts';
import { EventsIcon } from './events-icon.tsx';
import * as styles from './events-screen.css.ts';
import { useFamilyAnswers, useFamilyBirthdays, useFamilyEvents } from './use-family-events.ts';

/**
 * Events (product.md §2): upcoming and past events, Create Event, answers, and each event's page. All of it offline.
 */
export function EventsScreen() {
  return (
    <FamilyScreen
      title="Events"
      icon={<EventsIcon size="2rem" />}
      noFamilyText="Join or create a family group to plan events together. Ask a relative for an invite link, or start your own family below."
      loading={<EventSkeletons />}
    >
      {(family) => <FamilyEvents family={family} />}
    </FamilyScreen>
  );
}

function FamilyEvents({ family }: { family: SyncedFamily }) {
  const events = useFamilyEvents(family.id);
  const answers = useFamilyAnswers(family.id);
  const pending = usePendingIds('events');
  const pendingAnswers = usePendingIds('rsvps');
  const user = useSignedInUser();
  const answerWaiting = (eventId: string) => pendingAnswers?.has(rsvpKey({ eventId, userId: user.id })) ?? false;
  const firstPullDone = useFirstPullDone();
  // The moment the lists are drawn for; a minute on, an event that started moves to Past Events.
  const [now] = useState(() => new Date());
  const timeZone = viewerTimeZone();
  const [allPast, setAllPast] = useState(false);
  const create = useDialogState();
  const subscription = useDialogState();
  const opened = useHistoryDialog('event');
  const editing = useDialogState<string>();
  const members = useFamilyMembers(family.id);
  const people = useMemo(
    () =>
      (members ?? []).map((member) => ({
        userId: member.userId,
        name: member.userId === user.id ? 'You' : member.user ? publicName(member.user) : 'A family member',
      })),
    [members, user.id],
  );
  useLinkedEvent(opened.show);

  const loading = events === undefined || (!firstPullDone && events.length === 0);
  const upcoming = events?.filter((event) => isUpcoming(event, now, timeZone)) ?? [];
  const birthdays = useFamilyBirthdays(family.id, calendarDay(now, timeZone)) ?? [];
  // Past events, the most recent first.
  const past = (events?.filter((event) => !isUpcoming(event, now, timeZone)) ?? []).reverse();
  const pastShown = allPast ? past : past.slice(0, display.pastEventsShown);
  const openEvent = events?.find((event) => event.id === opened.state?.subject);
  const editEvent = events?.find((event) => event.id === editing.state?.subject);

  const card = (event: (typeof upcoming)[number]) => (
    <li key={event.id}>
      <EventCard
        event={event}
        answers={answers?.get(event.id) ?? []}
        people={people}
        now={now}
        timeZone={timeZone}
        waiting={pending?.has(event.id) ?? false}
        answerWaiting={answerWaiting(event.id)}
        onOpen={() => opened.show(event.id)}
      />
    </li>
  );

  return (
    <>
      <div className={headerStyles.headerRow}>
        <PageHeader title="Events" lead={family.name} />
        <div className={headerStyles.headerActions}>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => subscription.show()}>
            Add to my calendar
          </Button>
          <Button aria-haspopup="dialog" onClick={() => create.show()}>
            Create Event
          </Button>
        </div>
      </div>

      <section className={styles.section} aria-labelledby="upcoming-events">
        <h2 id="upcoming-events" className={styles.sectionTitle}>
          Upcoming Events
        </h2>
        {loading ? (
          <EventSkeletons />
        ) : upcoming.length === 0 && birthdays.length === 0 ? (
          <EmptyState
            icon={<EventsIcon size="2rem" />}
            title="No Upcoming Events"
            text="Plan a visit, a birthday lunch or a call: everyone sees it in their own time and can say if they can come."
          >
            <Button aria-haspopup="dialog" onClick={() => create.show()}>
              Create First Event
            </Button>
          </EmptyState>
        ) : (
          <ul className={styles.grid}>
            {upcomingWithBirthdays(upcoming, birthdays, timeZone).map((entry) =>
              entry.kind === 'event' ? (
                card(entry.event)
              ) : (
                <li key={`birthday:${entry.birthday.userId}`}>
                  <BirthdayCard entry={entry.birthday} now={now} timeZone={timeZone} />
                </li>
              ),
            )}
          </ul>
        )}
      </section>

      {past.length > 0 ? (
        <section className={styles.section} aria-labelledby="past-events">
          <h2 id="past-events" className={styles.sectionTitle}>
            Past Events
          </h2>
          <ul className={styles.grid}>{pastShown.map(card)}</ul>
          {past.length > display.pastEventsShown && !allPast ? (
            <div>
              <Button variant="secondary" onClick={() => setAllPast(true)}>
                View All Past Events ({past.length})
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}

      {subscription.state ? (
        <CalendarSubscriptionDialog open={subscription.state.open} onClose={subscription.close} />
      ) : null}
      {create.state ? <EventFormDialog familyId={family.id} open={create.state.open} onClose={create.close} /> : null}
      {editing.state && editEvent ? (
        <EventFormDialog
          key={editing.state.opening}
          familyId={family.id}
          event={editEvent}
          open={editing.state.open}
          onClose={editing.close}
        />
      ) : null}
      {opened.state && openEvent ? (
        <EventDialog
          event={openEvent}
          waiting={pending?.has(openEvent.id) ?? false}
          answerWaiting={answerWaiting(openEvent.id)}
          answers={answers?.get(openEvent.id) ?? []}
          now={now}
          timeZone={timeZone}
          open={opened.state.open}
          onClose={opened.close}
          onEdit={() => {
            opened.close();
            editing.show(openEvent.id);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * A notification opens its event with `?event=<id>` (schema/notification-text.ts): the address drops it, so a reload
 * or Back shows the list, and the event opens over the list as if tapped there. It waits for `family=`, which
 * chooses the family first (selected-family.ts).
 */
function useLinkedEvent(open: (eventId: string) => void) {
  const navigate = useNavigate();
  const { event, family } = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  useEffect(() => {
    if (typeof event !== 'string' || family !== undefined) return;
    void navigate({ to: '/events', replace: true }).then(() => open(event));
    // Only a new address asks: `open` is a new function at every render.
  }, [event, family]);
}

function EventSkeletons() {
  return (
    <div role="status">
      <span className={visuallyHidden}>Loading events...</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: display.eventSkeletons }, (_, index) => (
          <li key={index} className={styles.skeleton} />
        ))}
      </ul>
    </div>
  );
}
