import { useEffect, useId, useState } from 'react';
import { useAuth } from '../../account/auth-store.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { Badge } from '../ui/badge.tsx';
import * as styles from './download-popup.css.ts';
import { isAppleMobile, isRunningInstalled, promptInstall, useInstallState } from './install-prompt.ts';

type DownloadPopupProps = { open: boolean; onClose: () => void };

/**
 * Download App (product.md): Hearth installs from the browser today, so that comes first, in the way this browser
 * does it; the store apps follow, as coming soon.
 */
export function DownloadPopup({ open, onClose }: DownloadPopupProps) {
  const { isAuthenticated } = useAuth();
  const webTitleId = useId();
  const storesTitleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Download the App"
      description="Hearth is free, and it already works like an app on phones, tablets and computers."
      actions={
        isAuthenticated ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <ButtonLink to="/signup" onClick={onClose}>
            Create Your Family Circle
          </ButtonLink>
        )
      }
    >
      <section className={styles.part} aria-labelledby={webTitleId}>
        <h3 id={webTitleId} className={styles.partTitle}>
          On this device
        </h3>
        <InstallHere />
      </section>
      <section className={styles.part} aria-labelledby={storesTitleId}>
        <div className={styles.partHeader}>
          <h3 id={storesTitleId} className={styles.partTitle}>
            App Store and Google Play
          </h3>
          <Badge>Coming Soon</Badge>
        </div>
        <p className={styles.text}>
          We're working hard behind the scenes! The Hearth apps for iOS and Android are coming soon.
        </p>
      </section>
    </Dialog>
  );
}

type Way = 'installed' | 'prompt' | 'apple' | 'menu';

/** The one way to install that fits this browser, worked out after the page is on screen. */
function InstallHere() {
  const { canPrompt, installed } = useInstallState();
  const [device, setDevice] = useState<{ apple: boolean; standalone: boolean }>({ apple: false, standalone: false });
  const [asking, setAsking] = useState(false);

  useEffect(() => setDevice({ apple: isAppleMobile(), standalone: isRunningInstalled() }), []);

  const way: Way =
    installed || device.standalone ? 'installed' : canPrompt ? 'prompt' : device.apple ? 'apple' : 'menu';

  switch (way) {
    case 'installed':
      return (
        <p className={styles.done} role="status">
          <CheckIcon className={styles.doneIcon} />
          Hearth is on your home screen. Open it from there any time, like any other app.
        </p>
      );
    case 'prompt':
      return (
        <>
          <p className={styles.text}>
            Add Hearth to your home screen and it opens like any other app, in a window of its own.
          </p>
          <Button
            disabled={asking}
            onClick={async () => {
              setAsking(true);
              await promptInstall();
              setAsking(false);
            }}
          >
            Add Hearth to your home screen
          </Button>
        </>
      );
    case 'apple':
      return (
        <>
          <p className={styles.text}>Add Hearth to your home screen in two taps:</p>
          <ol className={styles.steps}>
            <li>
              Tap the Share button
              <ShareIcon />
              in Safari's toolbar.
            </li>
            <li>
              Choose <strong>Add to Home Screen</strong>, then tap <strong>Add</strong>.
            </li>
          </ol>
        </>
      );
    case 'menu':
      return (
        <p className={styles.text}>
          In your browser's menu, choose <strong>Install Hearth</strong> or <strong>Add to Home Screen</strong>. No
          such option? A bookmark works just as well.
        </p>
      );
  }
}

/** Safari's Share symbol (a box with an arrow out of it), so the step matches what is on screen. */
function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.2em"
      height="1.2em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label="(a square with an arrow pointing up)"
      className={styles.inlineIcon}
    >
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 10H6.5A1.5 1.5 0 0 0 5 11.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H16" />
    </svg>
  );
}
