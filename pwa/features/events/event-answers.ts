import type { RsvpStatus } from '../../../schema/entities.ts';
import type { SyncedEvent, SyncedRsvp } from '../../../schema/sync.ts';

/**
 * A person's answer to an event: what they said, else "not answered yet". Its maker is coming until they say
 * otherwise: nobody plans Sunday lunch to stay at home, and "Nobody is coming" under it would be untrue.
 */
export function answerOf(
  event: Pick<SyncedEvent, 'createdById'>,
  answers: readonly SyncedRsvp[],
  userId: string,
): RsvpStatus {
  const given = answers.find((answer) => answer.userId === userId)?.status;
  return given ?? (userId === event.createdById ? 'attending' : 'pending');
}

/** Who is coming, in words, the names as given: "David and Maya are coming", "You, David and 2 others are coming". */
export function comingSentence(names: readonly string[]): string {
  const [first, second, third] = names;
  if (first === undefined) return 'Nobody has said they are coming yet';
  if (second === undefined) return `${first} ${first === 'You' ? 'are' : 'is'} coming`;
  if (third === undefined) return `${first} and ${second} are coming`;
  if (names.length === 3) return `${first}, ${second} and ${third} are coming`;
  const others = names.length - 2;
  return `${first}, ${second} and ${others} others are coming`;
}
