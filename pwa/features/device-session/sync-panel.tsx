import { formatRelativeTime } from '../../lib/format-date.ts';
import { describeMutation } from '../../sync/local-mutators.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { syncNow } from './device-session.ts';
import { NotSentList } from './not-sent-list.tsx';
import * as styles from './sync-panel.css.ts';
import { syncIndicatorText, syncStatusStore } from './sync-status-store.ts';
import { useWaitingWrites } from './use-sync-state.ts';

type SyncPanelProps = { open: boolean; onClose: () => void };

/**
 * What the status pill opens: the whole story in plain words, for someone who wants to know whether their message
 * reached the family. What is waiting (kept safe on this device), what was refused (with Retry, Discard or Copy
 * text), when this device last heard from Hearth, and a way to try again now.
 */
export function SyncPanel({ open, onClose }: SyncPanelProps) {
  const status = syncStatusStore.use();
  const waiting = useWaitingWrites() ?? [];
  const { detail } = syncIndicatorText(status);
  const lastSynced =
    status.lastSyncedAt === null
      ? null
      : `Last synced ${formatRelativeTime(new Date(status.lastSyncedAt).toISOString())}.`;
  const stuck = waiting.length > 0 || status.failing || !status.online;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      // Named for what a person wants to know: whether anything has yet to reach the family.
      title={waiting.length > 0 ? `Waiting to send (${waiting.length})` : 'Nothing waiting to send'}
      description={detail}
      actions={
        <>
          {stuck ? (
            <Button variant="secondary" onClick={syncNow}>
              Try again now
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className={styles.body}>
        {lastSynced ? <p className={styles.lastSynced}>{lastSynced}</p> : null}
        {waiting.length > 0 ? (
          <div className={styles.waiting}>
            <p className={styles.note}>Kept safe on this device. Each is sent once, in order, when Hearth can.</p>
            <ul className={styles.list}>
              {waiting.map((entry) => (
                <li key={entry.seq} className={styles.item}>
                  {describeMutation(entry)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <NotSentList />
      </div>
    </Dialog>
  );
}
