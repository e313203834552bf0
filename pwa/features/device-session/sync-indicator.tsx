import { Suspense, useId } from 'react';
import { preloadable } from '../../lib/preloadable.tsx';
import { AlertIcon, ClockIcon } from '../../ui/icons.tsx';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { CloudCheckIcon, CloudOffIcon, SyncIcon } from './sync-icons.tsx';
import { barLabel } from '../shell/header.css.ts';
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

/** The panel's code comes when someone reaches for the pill, not with every screen. */
const syncPanel = preloadable(() => import('./sync-panel.tsx').then(({ SyncPanel }) => SyncPanel));

/**
 * A small, calm pill in the top bar: not sent, update needed, offline, retrying, sending or all sent. Its full
 * sentence is its tooltip and is read out when it changes; a tap opens the sync panel with the details.
 */
export function SyncIndicator() {
  const status = syncStatusStore.use();
  const kind = syncIndicatorKind(status);
  const { label, detail } = syncIndicatorText(status);
  const Icon = icons[kind];
  const panel = useDialogState();
  const detailId = useId();
  const preload = () => void syncPanel.preload();
  return (
    <>
      <div role="status" className={styles.holder}>
        {/* Named by its short label (a button named by its whole sentence would answer to any word in it); the
            sentence describes it, and the live region reads both out when they change. */}
        <button
          type="button"
          className={styles.indicator[kind]}
          title={detail}
          data-sync-state={kind}
          aria-haspopup="dialog"
          aria-describedby={detailId}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => panel.show()}
        >
          <Icon size="1.125rem" className={kind === 'sending' ? styles.spinning : undefined} />
          {/* Offline is said in words on every screen, not left to a crossed cloud someone may not know. */}
          <span className={kind === 'offline' ? undefined : barLabel}>{label}</span>
        </button>
        <span id={detailId} className={visuallyHidden}>
          {detail}
        </span>
      </div>
      {panel.state ? (
        <Suspense fallback={null}>
          <syncPanel.Component open={panel.state.open} onClose={panel.close} />
        </Suspense>
      ) : null}
    </>
  );
}
