import { lazy, Suspense, useEffect, useState } from 'react';
import { downloadPopupEvent } from './open-download-popup.ts';
// Imported here, with the shell, so the browser's install offer is caught however early it comes.
import './install-prompt.ts';

const DownloadPopup = lazy(() => import('./download-popup.tsx').then(({ DownloadPopup }) => ({ default: DownloadPopup })));

/**
 * Listens for `showDownloadPopup` anywhere on the page and opens the download popup, whose code is fetched the first
 * time someone asks for it. Mounted once, by the app shell.
 */
export function DownloadPopupHost() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    function show() {
      setRequested(true);
      setOpen(true);
    }
    window.addEventListener(downloadPopupEvent, show);
    return () => window.removeEventListener(downloadPopupEvent, show);
  }, []);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <DownloadPopup open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
