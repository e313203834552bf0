import { useState, type FormEvent } from 'react';
import { eventToasts } from '../../../schema/event-messages.ts';
import { messages } from '../../../schema/messages.ts';
import type { SyncedEvent } from '../../../schema/sync.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextArea, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { eventInstants, formFieldsOf, viewerTimeZone } from './event-times.ts';
import * as styles from './events-screen.css.ts';

type EventFormDialogProps = {
  familyId: string;
  /** The event to change; none for Create New Event. */
  event?: SyncedEvent;
  open: boolean;
  onClose: () => void;
};

/**
 * Create New Event (product.md §2, §5) and Edit Event: a title (1–200), a start, an optional end not before it, where
 * and what. Times are the person's own; "All day" asks for dates only (birthdays, holidays). Saved on the device at
 * once, offline too; what was typed stays until it is saved.
 */
export function EventFormDialog({ familyId, event, open, onClose }: EventFormDialogProps) {
  const write = useLocalWrite();
  const timeZone = viewerTimeZone();
  const initial = event ? formFieldsOf(event, timeZone) : { allDay: false, start: '', end: '' };
  const [allDay, setAllDay] = useState(initial.allDay);
  const form = useFormFields({
    title: event?.title ?? '',
    startDate: initial.start,
    endDate: initial.end,
    location: event?.location ?? '',
    description: event?.description ?? '',
  });
  const [saving, setSaving] = useState(false);

  function switchAllDay(next: boolean) {
    setAllDay(next);
    // A date-and-time field cannot hold a date and the other way round: keep the day the person chose.
    for (const name of ['startDate', 'endDate'] as const) {
      const value = form.values[name];
      const changed = next ? value.slice(0, 10) : value ? `${value.slice(0, 10)}T12:00` : '';
      form.set(name, changed);
    }
  }

  async function save(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    // An empty start cannot become an instant: said here, with a blank title, as the spec's form says them.
    if (!form.values.startDate) {
      form.showErrors({
        ...(form.values.title.trim() ? {} : { title: messages.eventTitleRequired }),
        startDate: messages.startDateRequired,
      });
      return;
    }
    setSaving(true);
    const when = eventInstants({ allDay, start: form.values.startDate, end: form.values.endDate }, timeZone);
    const fields = {
      title: form.values.title,
      description: form.values.description || null,
      location: form.values.location || null,
      ...when,
      // An all-day event's days are the same everywhere; its zone is kept for calendar files all the same.
      timeZone: event && event.allDay === allDay ? event.timeZone : timeZone,
      allDay,
    };
    try {
      const outcome = event
        ? await write('event.update', { eventId: event.id, familyId: event.familyId, ...fields })
        : await write('event.create', { eventId: crypto.randomUUID(), familyId, ...fields });
      setSaving(false);
      if (!outcome.saved) {
        form.showErrors(outcome.fieldErrors);
        return;
      }
      toast(event ? eventToasts.saved : eventToasts.created);
      if (!event) {
        form.reset();
        setAllDay(false);
      }
      onClose();
    } catch {
      setSaving(false);
      toast({ ...(event ? eventToasts.saveFailed : eventToasts.createFailed), variant: 'destructive' });
    }
  }

  const dateType = allDay ? 'date' : 'datetime-local';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={event ? 'Edit Event' : 'Create New Event'}
      description="Everyone in the family sees it, in their own time."
    >
      <form ref={form.formRef} noValidate onSubmit={save} className={styles.form}>
        <TextField {...form.field('title')} label="Title" autoComplete="off" autoFocus={!event} />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            className={styles.checkboxInput}
            checked={allDay}
            onChange={(change) => switchAllDay(change.target.checked)}
          />
          All day (a birthday, a holiday)
        </label>
        <TextField {...form.field('startDate')} type={dateType} label={allDay ? 'Date' : 'Starts'} />
        <TextField
          {...form.field('endDate')}
          type={dateType}
          label={allDay ? 'Last day (optional)' : 'Ends (optional)'}
        />
        <TextField {...form.field('location')} label="Where (optional)" autoComplete="off" />
        <TextArea {...form.field('description')} label="Details (optional)" rows={3} />
        <Button type="submit" disabled={saving}>
          {event ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Creating...' : 'Create Event'}
        </Button>
      </form>
    </Dialog>
  );
}
