import { HearthMark } from '../../../ui/icons.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';
import * as styles from './dashboard-panels.css.ts';

/** Hearth's privacy promise (product.md), worded honestly: no claim of end-to-end encryption. */
export function PrivacyPanel() {
  return (
    <DashboardPanel title="Your Privacy">
      <div className={styles.privacy}>
        <HearthMark size="2rem" />
        <p className={styles.privacyText}>
          Private by design: no ads, no data selling, no trackers, nothing leaves your family.
        </p>
      </div>
    </DashboardPanel>
  );
}
