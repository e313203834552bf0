import { useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';

/** How far the picture may be enlarged, and what a double tap enlarges it to. */
const maxScale = 4;
const tapScale = 2.5;
/** A finger that moves less than this between down and up tapped; one that moves more sideways swiped. */
const tapSlop = 10;
const swipeDistance = 60;
/** Two taps this close in time and place are a double tap. */
const doubleTapMs = 300;

export type Zoom = { scale: number; x: number; y: number };
const unzoomed: Zoom = { scale: 1, x: 0, y: 0 };

type Point = { x: number; y: number };

/**
 * The viewer's touch and mouse: a sideways swipe moves to the next or previous photo, two fingers pinch to zoom, a
 * double tap (or double click) zooms in where it lands and out again, and a zoomed picture is dragged around. Our own
 * few lines on pointer events rather than a gesture library (decision 0046). `key` is the photo: another resets it.
 */
export function usePhotoGestures(key: string, onSwipe: (direction: 'next' | 'previous') => void) {
  const [zoomOf, setZoomOf] = useState<{ key: string; zoom: Zoom }>({ key, zoom: unzoomed });
  const zoom = zoomOf.key === key ? zoomOf.zoom : unzoomed;
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; startTime: number; pinch?: { distance: number; zoom: Zoom } } | null>(null);
  const lastTap = useRef<{ at: Point; time: number } | null>(null);
  const lastPointerType = useRef('mouse');

  const setZoom = (next: Zoom) => setZoomOf({ key, zoom: next });

  /** Zoom to `scale` keeping the point under `at` (relative to the stage's centre) where it is. */
  function zoomAt(from: Zoom, at: Point, scale: number): Zoom {
    const clamped = Math.min(maxScale, Math.max(1, scale));
    if (clamped === 1) return unzoomed;
    const ratio = clamped / from.scale;
    return { scale: clamped, x: at.x - (at.x - from.x) * ratio, y: at.y - (at.y - from.y) * ratio };
  }

  function fromCentre(event: ReactPointerEvent<HTMLElement> | Point, stage: HTMLElement): Point {
    const box = stage.getBoundingClientRect();
    const point = 'clientX' in event ? { x: event.clientX, y: event.clientY } : event;
    return { x: point.x - box.left - box.width / 2, y: point.y - box.top - box.height / 2 };
  }

  function toggleAt(stage: HTMLElement, at: Point) {
    setZoom(zoom.scale > 1 ? unzoomed : zoomAt(zoom, fromCentre(at, stage), tapScale));
  }

  return {
    zoom,
    reset: () => setZoom(unzoomed),
    zoomBy: (factor: number) => setZoom(zoomAt(zoom, { x: 0, y: 0 }, zoom.scale * factor)),
    handlers: {
      onPointerDown(event: ReactPointerEvent<HTMLElement>) {
        event.currentTarget.setPointerCapture(event.pointerId);
        lastPointerType.current = event.pointerType;
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const [a, b] = [...pointers.current.values()];
        if (a && b) {
          gesture.current = {
            start: a,
            startTime: event.timeStamp,
            pinch: { distance: Math.hypot(a.x - b.x, a.y - b.y), zoom },
          };
        } else {
          gesture.current = { start: { x: event.clientX, y: event.clientY }, startTime: event.timeStamp };
        }
      },
      onPointerMove(event: ReactPointerEvent<HTMLElement>) {
        const before = pointers.current.get(event.pointerId);
        if (!before || !gesture.current) return;
        const now = { x: event.clientX, y: event.clientY };
        pointers.current.set(event.pointerId, now);
        const [a, b] = [...pointers.current.values()];
        const { pinch } = gesture.current;
        if (pinch && a && b) {
          const middle = fromCentre({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, event.currentTarget);
          setZoom(zoomAt(pinch.zoom, middle, (pinch.zoom.scale * Math.hypot(a.x - b.x, a.y - b.y)) / pinch.distance));
        } else if (zoom.scale > 1) {
          // Dragging a zoomed picture, never further than its edge.
          const box = event.currentTarget.getBoundingClientRect();
          const limitX = (box.width * (zoom.scale - 1)) / 2;
          const limitY = (box.height * (zoom.scale - 1)) / 2;
          setZoom({
            scale: zoom.scale,
            x: Math.min(limitX, Math.max(-limitX, zoom.x + now.x - before.x)),
            y: Math.min(limitY, Math.max(-limitY, zoom.y + now.y - before.y)),
          });
        }
      },
      onPointerUp(event: ReactPointerEvent<HTMLElement>) {
        pointers.current.delete(event.pointerId);
        const started = gesture.current;
        if (!started) return;
        if (pointers.current.size > 0) return;
        gesture.current = null;
        if (started.pinch) return;
        const dx = event.clientX - started.start.x;
        const dy = event.clientY - started.start.y;
        if (Math.hypot(dx, dy) < tapSlop) {
          const at = { x: event.clientX, y: event.clientY };
          const previous = lastTap.current;
          // A mouse's double click has its own event (below); taps count here.
          if (event.pointerType !== 'mouse' && previous && event.timeStamp - previous.time < doubleTapMs) {
            lastTap.current = null;
            toggleAt(event.currentTarget, at);
          } else {
            lastTap.current = { at, time: event.timeStamp };
          }
          return;
        }
        if (zoom.scale === 1 && Math.abs(dx) > swipeDistance && Math.abs(dx) > Math.abs(dy) * 1.5) {
          onSwipe(dx < 0 ? 'next' : 'previous');
        }
      },
      onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
        pointers.current.delete(event.pointerId);
        if (pointers.current.size === 0) gesture.current = null;
      },
      onDoubleClick(event: ReactMouseEvent<HTMLElement>) {
        // Some phones also report two taps as a double click: those were counted as taps already.
        if (lastPointerType.current !== 'mouse') return;
        toggleAt(event.currentTarget, { x: event.clientX, y: event.clientY });
      },
    },
  };
}
