import { AlertIcon, ClockIcon } from '../../ui/icons.tsx';
import { CloudCheckIcon, CloudOffIcon, SyncIcon } from './sync-icons.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as styles from './sync-indicator.css.ts';
import { syncIndicatorKind, syncIndicatorText, syncStatusStore, type SyncIndicatorKind } from './sync-status-store.ts';

const icons: Record<SyncIndicatorKind, typeof SyncIcon> = {
  offline: CloudOffIcon,
  'not-sent': AlertIcon,
  'update-needed': AlertIcon,
  retrying: ClockIcon,
  sending: SyncIcon,
  'all-sent': CloudCheckIcon,
};

/**
 * A small, calm pill in the top bar: not sent, update needed, offline, retrying, sending or all sent. Its full sentence is its
 * tooltip.
 */
export function SyncIndicator() {
  const status = syncStatusStore.use();
  const kind = syncIndicatorKind(status);
  const { label, detail } = syncIndicatorText(status);
  const Icon = icons[kind];
  return (
    <p className={styles.indicator[kind]} role="status" title={detail} data-sync-state={kind}>
      <Icon size="1.125rem" className={kind === 'sending' ? styles.spinning : undefined} />
      <span>{label}</span>
      <span className={visuallyHidden}>. {detail}</span>
    </p>
  );
}
