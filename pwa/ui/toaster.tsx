import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { toastRules } from '../../schema/limits.ts';
import { IconButton } from './icon-button.tsx';
import { CloseIcon } from './icons.tsx';
import { toastStore, type Toast } from './toast-store.ts';
import * as styles from './toaster.css.ts';

/**
 * Where toasts appear: top of the screen on phones, bottom-right at tablet width and up (toaster.css.ts). F8 moves
 * keyboard focus here, so someone who heard a toast can reach its close button.
 *
 * The region is a popover kept open, so it sits in the browser's top layer: a toast about something done in a dialog
 * ("Link copied") shows above that dialog, not hidden under it. Each new toast raises it above any dialog opened since.
 */
export function Toaster() {
  const toasts = toastStore.use();
  const regionRef = useRef<HTMLElement>(null);
  const newest = toasts.at(-1)?.id;

  useEffect(() => {
    const region = regionRef.current;
    if (!region || typeof region.showPopover !== 'function') return;
    if (region.matches(':popover-open')) region.hidePopover();
    region.showPopover();
  }, [newest]);

  useEffect(() => {
    function focusOnHotkey(event: KeyboardEvent) {
      if (event.key === toastRules.hotkey) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    window.addEventListener('keydown', focusOnHotkey);
    return () => window.removeEventListener('keydown', focusOnHotkey);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label={`Notifications (${toastRules.hotkey})`}
      tabIndex={-1}
      popover="manual"
      className={styles.region}
    >
      {/* Not a list: each toast is a status or alert region of its own, and a list item cannot be one. */}
      <div className={styles.list}>
        {toasts.map((shown) => (
          <ToastCard key={shown.id} toast={shown} />
        ))}
      </div>
    </section>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const onDismiss = useCallback(() => toastStore.dismiss(toast.id), [toast.id]);
  const countdown = useAutoDismiss(toast.duration, onDismiss);
  const swipe = useSwipeToDismiss(onDismiss);
  const destructive = toast.variant === 'destructive';

  return (
    <div
      ref={swipe.ref}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={styles.toastVariant[toast.variant]}
      onPointerEnter={countdown.pause}
      onPointerLeave={countdown.resume}
      onFocus={countdown.pause}
      onBlur={countdown.resume}
      onPointerDown={swipe.onPointerDown}
      onPointerMove={swipe.onPointerMove}
      onPointerUp={swipe.onPointerEnd}
      onPointerCancel={swipe.onPointerEnd}
    >
      <div className={styles.content}>
        <p className={[styles.title, destructive ? styles.destructiveTitle : undefined].filter(Boolean).join(' ')}>
          {toast.title}
        </p>
        {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
      </div>
      <IconButton label="Dismiss notification" icon={<CloseIcon />} className={styles.close} onClick={onDismiss} />
    </div>
  );
}

/** Counts down, but holds still while the pointer or focus is on the toast so nobody loses it mid-read. */
function useAutoDismiss(duration: number, onDismiss: () => void) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(onDismiss, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, onDismiss]);

  return { pause: () => setPaused(true), resume: () => setPaused(false) };
}

/**
 * Follows a sideways drag and dismisses past the spec's threshold. The offset is written straight to the element's
 * style (CSSOM, allowed by the CSP) so a drag does not re-render React on every pointer move.
 */
function useSwipeToDismiss(onDismiss: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const offset = useRef(0);

  function setOffset(element: HTMLDivElement, distance: number) {
    offset.current = distance;
    element.style.transform = distance === 0 ? '' : `translateX(${distance}px)`;
    element.style.opacity = distance === 0 ? '' : String(Math.max(0.3, 1 - Math.abs(distance) / 240));
  }

  return {
    ref,
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, pointerId: event.pointerId };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const element = ref.current;
      if (!start.current || !element || start.current.pointerId !== event.pointerId) return;
      const distance = event.clientX - start.current.x;
      // Capture only once it is clearly a drag, so a tap on the close button still reaches the button.
      if (Math.abs(distance) > 8 && !element.hasPointerCapture(event.pointerId)) {
        element.setPointerCapture(event.pointerId);
        element.dataset.swiping = 'true';
      }
      if (element.dataset.swiping === 'true') setOffset(element, distance);
    },
    onPointerEnd() {
      const element = ref.current;
      start.current = null;
      if (!element) return;
      delete element.dataset.swiping;
      if (Math.abs(offset.current) > toastRules.swipeThresholdPx) onDismiss();
      else setOffset(element, 0);
    },
  };
}
