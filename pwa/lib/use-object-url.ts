import { useEffect, useState } from 'react';

/** An address for a Blob's bytes while the component shows them (null without one), let go when it no longer does. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Never an address of the Blob shown before: it is revoked as this one comes.
  return made && made.blob === blob ? made.url : null;
}
