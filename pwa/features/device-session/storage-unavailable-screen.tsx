import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { Notice } from '../../ui/notice.tsx';

/**
 * In place of the signed-in screens when the device database cannot be opened: Hearth keeps everything on the
 * device so it works offline, and cannot work at all without it. Says so, and what usually helps, instead of
 * loading forever.
 */
export function StorageUnavailableScreen() {
  useDocumentTitle("Can't use this device's storage");
  return (
    <Notice
      icon={<AlertIcon size="2.5rem" />}
      title="Hearth can't use this device's storage"
      actions={<Button onClick={() => window.location.reload()}>Try Again</Button>}
    >
      Hearth keeps your family's news on this device so it opens even without a connection, but this browser would
      not let it. Reloading often helps, especially after Hearth was updated in another tab. If it does not, close
      other Hearth tabs, free up some space on this device, leave private browsing, or allow this site to store data
      in your browser's settings.
    </Notice>
  );
}
