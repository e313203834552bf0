import { useEffect } from 'react';

/** Names the browser tab (and what a screen reader announces on arrival) after the screen: "Settings · Hearth". */
export function useDocumentTitle(screenName: string): void {
  useEffect(() => {
    document.title = `${screenName} · Hearth`;
  }, [screenName]);
}
