import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import * as styles from './copyable-link.css.ts';
import { TextField } from './text-field.tsx';
import { toast } from './toast-store.ts';

type CopyableLinkProps = {
  label: string;
  url: string;
  copyLabel: string;
  /** Said once the address is on the clipboard. */
  copied: { title: string; description?: string };
  /** Offered where the device can share (a phone's share sheet). */
  share?: ShareData;
  /** More ways to use the address, beside Copy. */
  children?: ReactNode;
};

/**
 * An address to hand on (an invite link, a calendar address): in a read-only field, with Copy and, where the device
 * can share, Share. Where the browser will not copy, the address is selected for the person to copy by hand.
 */
export function CopyableLink({ label, url, copyLabel, copied, share, children }: CopyableLinkProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const canShare = share !== undefined && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyFailed(false);
      toast(copied);
    } catch {
      // No clipboard permission (or an old browser): select the address so it can be copied by hand.
      inputRef.current?.select();
      setCopyFailed(true);
    }
  }

  async function shareLink() {
    try {
      await navigator.share(share);
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  }

  return (
    <>
      <TextField ref={inputRef} label={label} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <div className={styles.actions}>
        <Button onClick={() => void copy()}>{copyLabel}</Button>
        {canShare ? (
          <Button variant="secondary" onClick={() => void shareLink()}>
            Share
          </Button>
        ) : null}
        {children}
      </div>
      {copyFailed ? (
        <p role="alert" className={styles.copyProblem}>
          Your browser didn't let Hearth copy it: it is selected, copy it from there.
        </p>
      ) : null}
    </>
  );
}
