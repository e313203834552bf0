import { Button } from '../ui/button.tsx';
import { appUpdateStore, updateHearth } from './app-update-store.ts';
import * as styles from './update-prompt.css.ts';

/**
 * The one prompt about Hearth itself: a new version is ready (Refresh), or this version is too old to keep syncing
 * (Update Hearth). It stays until acted on; nothing the person wrote is lost either way, it waits on the device.
 */
export function UpdatePrompt() {
  const { updateReady, updateRequired } = appUpdateStore.use();
  if (!updateReady && !updateRequired) return null;
  return (
    <div className={styles.prompt} role="status">
      <p className={styles.text}>
        {updateRequired
          ? 'This version of Hearth is out of date. Your changes are safe on this device and will be sent after the update.'
          : 'A new version of Hearth is ready'}
      </p>
      <Button variant="primary" onClick={() => void updateHearth()}>
        {updateRequired ? 'Update Hearth' : 'Refresh'}
      </Button>
    </div>
  );
}
