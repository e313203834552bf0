import type { RsvpStatus } from '../../../schema/entities.ts';
import { eventToasts } from '../../../schema/event-messages.ts';
import type { SyncedEvent, SyncedRsvp } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ArrowRightIcon } from '../../ui/icons.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { toast } from '../../ui/toast-store.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { WaitingMarker } from '../device-session/waiting-marker.tsx';
import { birthdayTimes, type BirthdayEntry } from './birthdays.ts';
import { answerOf, comingSentence } from './event-answers.ts';
import { dayBadge, formatEventWhen, isUpcoming } from './event-times.ts';
import * as styles from './events-screen.css.ts';

type AnswerButtonsProps = {
  event: SyncedEvent;
  answers: readonly SyncedRsvp[];
  /** The person's answer is saved on this device and not on the server yet. */
  waiting: boolean;
};

/** Attending and Can't Make It (product.md §2, §4): the person's own answer, pressed; saved on the device at once. */
export function AnswerButtons({ event, answers, waiting }: AnswerButtonsProps) {
  const user = useSignedInUser();
  const write = useLocalWrite();
  const mine = answerOf(event, answers, user.id);
  async function answer(status: RsvpStatus) {
    try {
      const outcome = await write('event.rsvp', { eventId: event.id, familyId: event.familyId, status });
      toast(outcome.saved ? eventToasts.rsvpUpdated(status) : { ...eventToasts.rsvpFailed, variant: 'destructive' });
    } catch {
      toast({ ...eventToasts.rsvpFailed, variant: 'destructive' });
    }
  }
  return (
    <div className={styles.answers} role="group" aria-label={`Your answer to ${event.title}`}>
      <Button
        variant={mine === 'attending' ? 'primary' : 'secondary'}
        aria-pressed={mine === 'attending'}
        onClick={() => void answer('attending')}
      >
        Attending
      </Button>
      <Button
        variant={mine === 'not_attending' ? 'primary' : 'secondary'}
        aria-pressed={mine === 'not_attending'}
        onClick={() => void answer('not_attending')}
      >
        Can't Make It
      </Button>
      {waiting ? <WaitingMarker /> : null}
    </div>
  );
}

type EventCardProps = {
  event: SyncedEvent;
  answers: readonly SyncedRsvp[];
  /** The family's members, "You" for the person, in the order they joined. */
  people: readonly { userId: string; name: string }[];
  now: Date;
  timeZone: string;
  waiting: boolean;
  answerWaiting: boolean;
  onOpen: () => void;
};

/** One event in the grid: its day badge, when and where, who is coming, the person's answer, and a way in. */
export function EventCard({ event, answers, people, now, timeZone, waiting, answerWaiting, onOpen }: EventCardProps) {
  const badge = dayBadge(event, now, timeZone);
  const coming = people.filter((person) => answerOf(event, answers, person.userId) === 'attending');
  // "You" first: what a person looks for is whether they said yes.
  coming.sort((a, b) => Number(b.name === 'You') - Number(a.name === 'You'));
  return (
    <Card as="article" padding="md" className={styles.card} aria-label={event.title}>
      {badge || waiting ? (
        <div className={styles.cardTop}>
          {badge ? <span className={badge === 'Past Event' ? styles.pastBadge : styles.badge}>{badge}</span> : null}
          {waiting ? <WaitingMarker /> : null}
        </div>
      ) : null}
      <button type="button" className={styles.title} aria-haspopup="dialog" onClick={onOpen}>
        {event.title}
      </button>
      <p className={styles.detail}>
        <time dateTime={event.startDate}>{formatEventWhen(event, timeZone)}</time>
      </p>
      {event.location ? <p className={styles.detail}>{event.location}</p> : null}
      <p className={styles.coming}>{comingSentence(coming.map((person) => person.name))}</p>
      {isUpcoming(event, now, timeZone) ? (
        <AnswerButtons event={event} answers={answers} waiting={answerWaiting} />
      ) : (
        <p className={styles.ended}>This event has ended</p>
      )}
      <Button variant="ghost" className={styles.open} aria-haspopup="dialog" onClick={onOpen}>
        See details<span className={visuallyHidden}> of {event.title}</span>
        <ArrowRightIcon />
      </Button>
    </Card>
  );
}

/** A member's birthday among the upcoming events: a yearly entry from their profile, with nothing to answer. */
export function BirthdayCard({ entry, now, timeZone }: { entry: BirthdayEntry; now: Date; timeZone: string }) {
  const times = birthdayTimes(entry);
  const badge = dayBadge(times, now, timeZone);
  return (
    <Card as="article" padding="md" className={styles.card} aria-label={`${entry.name}’s birthday`}>
      {badge ? (
        <div className={styles.cardTop}>
          <span className={styles.badge}>{badge}</span>
        </div>
      ) : null}
      <h3 className={styles.plainTitle}>{entry.name}’s birthday</h3>
      <p className={styles.detail}>
        <time dateTime={entry.day}>{formatEventWhen(times, timeZone)}</time>
      </p>
      <p className={styles.detail}>Every year, from {entry.name}’s profile</p>
    </Card>
  );
}
