/**
 * The page-wide event that opens the download popup (product.md §2: `showDownloadPopup`), so any button on any page
 * (the header's Download App, the footer, a feature page's Get Notified) can open it without importing it.
 */
export const downloadPopupEvent = 'showDownloadPopup';

export function openDownloadPopup(): void {
  window.dispatchEvent(new Event(downloadPopupEvent));
}
