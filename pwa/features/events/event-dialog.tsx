import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { eventToasts } from '../../../schema/event-messages.ts';
import type { SyncedEvent, SyncedRsvp } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmActions } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { publicName } from '../account/display-name.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { prepareLocalWrite, useLocalWrite } from '../device-session/use-local-write.ts';
import { useFamilyMembers } from '../family/use-family-members.ts';
import { useIsFamilyAdmin } from '../family/use-is-family-admin.ts';
import { answerOf } from './event-answers.ts';
import { AnswerButtons } from './event-card.tsx';
import { formatEventWhen, isUpcoming } from './event-times.ts';
import * as styles from './events-screen.css.ts';

type EventDialogProps = {
  event: SyncedEvent;
  /** Saved on this device, not on the server yet: there is no calendar file to fetch. */
  waiting: boolean;
  /** The person's answer is saved on this device and not on the server yet. */
  answerWaiting: boolean;
  answers: readonly SyncedRsvp[];
  now: Date;
  timeZone: string;
  open: boolean;
  onClose: () => void;
  onEdit: () => void;
};

/**
 * An event's page, as a sheet over the list: everything about it, who is coming, who can't and who has not answered
 * (the family's members today), and for its maker or an admin, Edit and Delete (with a confirm).
 */
export function EventDialog({
  event,
  waiting,
  answerWaiting,
  answers,
  now,
  timeZone,
  open,
  onClose,
  onEdit,
}: EventDialogProps) {
  const db = useHearthDb();
  const user = useSignedInUser();
  const write = useLocalWrite();
  // An answer is what this dialog is opened for.
  useEffect(prepareLocalWrite, []);
  const members = useFamilyMembers(event.familyId) ?? [];
  const isAdmin = useIsFamilyAdmin(event.familyId);
  const maker = useLiveQuery(() => db.users.get(event.createdById), [db, event.createdById]);
  const [confirming, setConfirming] = useState(false);
  const canChange = event.createdById === user.id || isAdmin;
  const upcoming = isUpcoming(event, now, timeZone);

  const statusOf = (userId: string) => answerOf(event, answers, userId);
  const nameOf = (member: (typeof members)[number]) => (member.user ? publicName(member.user) : 'A family member');
  const groups = [
    { title: 'Coming', people: members.filter((member) => statusOf(member.userId) === 'attending') },
    { title: "Can't make it", people: members.filter((member) => statusOf(member.userId) === 'not_attending') },
    { title: 'Not answered yet', people: members.filter((member) => statusOf(member.userId) === 'pending') },
  ];

  async function remove() {
    const outcome = await write('event.delete', { eventId: event.id, familyId: event.familyId });
    if (outcome.saved) {
      toast(eventToasts.deleted);
      onClose();
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={event.title}
      description={formatEventWhen(event, timeZone)}
      actions={
        confirming ? (
          <ConfirmActions
            confirmLabel="Delete event"
            onCancel={() => setConfirming(false)}
            onConfirm={() => void remove()}
          />
        ) : canChange ? (
          <>
            <Button variant="secondary" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        ) : null
      }
    >
      {confirming ? (
        <p className={styles.description}>
          Delete “{event.title}” for everyone in the family? The answers given to it go too.
        </p>
      ) : (
        <>
          {event.location ? <p className={styles.detail}>{event.location}</p> : null}
          {event.description ? <p className={styles.description}>{event.description}</p> : null}
          <p className={styles.detail}>Added by {maker ? publicName(maker) : 'a family member'}</p>
          {upcoming ? (
            <AnswerButtons event={event} answers={answers} waiting={answerWaiting} />
          ) : (
            <p className={styles.ended}>This event has ended</p>
          )}
          <div className={styles.people}>
            {groups.map((group) => (
              <section key={group.title} aria-label={group.title}>
                <h3 className={styles.peopleTitle}>
                  {group.title} ({group.people.length})
                </h3>
                {group.people.length > 0 ? (
                  <ul className={styles.peopleList}>
                    {group.people.map((member) => (
                      <li key={member.id}>{nameOf(member)}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </div>
          {waiting ? null : (
            <div>
              <Button variant="secondary" href={`/api/events/${event.id}/calendar.ics`} download>
                Add to calendar
              </Button>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
