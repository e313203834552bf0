import { useEffect } from 'react';

let titleDrawnAtBuild: string | null = null;

/** Names the browser tab (and what a screen reader announces on arrival) after the screen: "Settings · Hearth". */
export function useDocumentTitle(screenName: string): void {
  const title = `${screenName} · Hearth`;
  // Drawn at build time there is no document, and effects do not run: the page's <title> is taken from here.
  if (typeof document === 'undefined') titleDrawnAtBuild = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The title the page drawn last (at build time) asked for, and forgets it. */
export function takeTitleDrawnAtBuild(): string | null {
  const title = titleDrawnAtBuild;
  titleDrawnAtBuild = null;
  return title;
}
