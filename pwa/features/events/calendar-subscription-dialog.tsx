import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { CopyableLink } from '../../ui/copyable-link.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import * as styles from './events-screen.css.ts';

type Feed =
  | { state: 'loading' }
  | { state: 'unavailable' }
  | { state: 'off' }
  /** On: the address itself only right after it was made (the server keeps only its hash). */
  | { state: 'on'; url: string | null };

/**
 * The family calendar in a phone's own calendar: a private address listing every event and birthday of
 * the person's families, which Apple, Google and Outlook calendars keep up to date by themselves. Needs the server.
 */
export function CalendarSubscriptionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [feed, setFeed] = useState<Feed>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const request = new AbortController();
    api.get<{ on: boolean }>('/api/calendar-feed', { signal: request.signal }).then(
      ({ on }) =>
        setFeed((current) =>
          current.state === 'on' && current.url ? current : on ? { state: 'on', url: null } : { state: 'off' },
        ),
      () => {
        if (!request.signal.aborted) setFeed({ state: 'unavailable' });
      },
    );
    return () => request.abort();
  }, [open]);

  async function change(make: boolean) {
    setBusy(true);
    try {
      if (make) setFeed({ state: 'on', url: (await api.post<{ url: string }>('/api/calendar-feed')).url });
      else {
        await api.delete('/api/calendar-feed');
        setFeed({ state: 'off' });
      }
    } catch {
      setFeed({ state: 'unavailable' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Your family calendar"
      description="See your families' events and birthdays in your phone's own calendar. It keeps itself up to date."
    >
      <div className={styles.form}>
        {feed.state === 'loading' ? (
          <p className={styles.detail}>Looking for your calendar address...</p>
        ) : feed.state === 'unavailable' ? (
          <p className={styles.detail}>Hearth can't reach its server just now. Try again when you're back online.</p>
        ) : feed.state === 'off' ? (
          <div>
            <Button disabled={busy} onClick={() => void change(true)}>
              Make my calendar address
            </Button>
          </div>
        ) : (
          <>
            {feed.url ? (
              <>
                <CopyableLink
                  label="Your calendar address"
                  url={feed.url}
                  copyLabel="Copy address"
                  copied={{
                    title: 'Address copied',
                    description: 'Paste it where your calendar adds one by its address.',
                  }}
                >
                  <Button variant="secondary" href={feed.url.replace(/^https?:/, 'webcal:')}>
                    Open in Calendar
                  </Button>
                </CopyableLink>
                <p className={styles.detail}>
                  On an iPhone or Mac, Open in Calendar adds it. In Google Calendar on a computer, choose Other
                  calendars, then From URL, and paste it. Keep it to yourself: anyone with it can see your family's
                  events.
                </p>
              </>
            ) : (
              <p className={styles.detail}>
                Your calendar address is on. Hearth keeps no copy of it: to add it to another calendar, make a new one
                (the old one then stops working).
              </p>
            )}
            <div className={styles.actions}>
              <Button variant="secondary" disabled={busy} onClick={() => void change(true)}>
                Make a new address
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => void change(false)}>
                Turn off
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
