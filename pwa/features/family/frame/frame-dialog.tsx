import { useEffect, useId, useState } from 'react';
import type { CreatedFrame, FamilyFrame } from '../../../../schema/frames.ts';
import { frameUnusedDays } from '../../../../schema/frames.ts';
import { isSignedOutError } from '../../../lib/api-client.ts';
import { formatRelativeTime } from '../../../lib/format-date.ts';
import { Button } from '../../../ui/button.tsx';
import { CopyableLink } from '../../../ui/copyable-link.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { frameApi, frameLinkUrl } from './frame-api.ts';
import * as linksMade from '../links-made.css.ts';
import * as styles from './frame-dialog.css.ts';
import { QrCode } from './qr-code.tsx';

type FrameDialogProps = { familyId: string; familyName: string; open: boolean; onClose: () => void };

const unreachable = 'Hearth can’t be reached just now. Frame links are made and turned off online.';

/**
 * For admins: make a frame link (shown as a QR code to scan with the tablet, and as a link to copy) and see the
 * family's frames, each of which can be turned off at once. A link opens one frame, once.
 */
export function FrameDialog({ familyId, familyName, open, onClose }: FrameDialogProps) {
  const [made, setMade] = useState<CreatedFrame | null>(null);
  const [making, setMaking] = useState(false);
  const [problem, setProblem] = useState('');
  const frames = useFrames(familyId, open);

  // Each opening starts afresh: a link shown before may have been opened since (it works once).
  useEffect(() => {
    if (!open) return;
    setMade(null);
    setProblem('');
  }, [open]);

  async function makeLink() {
    setMaking(true);
    setProblem('');
    try {
      setMade(await frameApi.create(familyId));
      frames.refresh();
    } catch (error) {
      if (!isSignedOutError(error)) setProblem(unreachable);
    } finally {
      setMaking(false);
    }
  }

  const url = made ? frameLinkUrl(window.location.origin, made.token) : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Photo frame"
      description={`Turn a tablet into a frame of the photos shared in ${familyName}: the photos and who shared them, nothing else. Scan the code with the tablet's camera, or open the link on it.`}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {url ? (
        <div className={styles.made}>
          <QrCode text={url} label="QR code to scan with the frame" />
          <CopyableLink
            label="Frame link"
            url={url}
            copyLabel="Copy Link"
            copied={{ title: 'Frame link copied', description: 'Open it on the frame. It works once.' }}
          />
          <p className={styles.hint}>The link works once, on one device.</p>
        </div>
      ) : (
        <Button onClick={() => void makeLink()} disabled={making}>
          {making ? 'Making link...' : 'Make a frame link'}
        </Button>
      )}
      <p role="status" className={linksMade.note}>
        {problem}
      </p>
      <FrameList familyId={familyId} frames={frames.list} onTurnedOff={frames.refresh} />
    </Dialog>
  );
}

type Frames = { state: 'loading' } | { state: 'loaded'; frames: FamilyFrame[] } | { state: 'unavailable' };

function useFrames(familyId: string, open: boolean) {
  const [list, setList] = useState<Frames>({ state: 'loading' });
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!open) return;
    const request = new AbortController();
    frameApi.list(familyId, request.signal).then(
      (frames) => setList({ state: 'loaded', frames }),
      () => {
        if (!request.signal.aborted) setList({ state: 'unavailable' });
      },
    );
    return () => request.abort();
  }, [familyId, open, changes]);
  return { list, refresh: () => setChanges((count) => count + 1) };
}

function FrameList({ familyId, frames, onTurnedOff }: { familyId: string; frames: Frames; onTurnedOff: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={linksMade.section}>
      <h3 id={headingId} className={linksMade.sectionTitle}>
        The family's frames
      </h3>
      {frames.state === 'loading' ? (
        <p className={styles.hint}>Looking for frames...</p>
      ) : frames.state === 'unavailable' ? (
        <p className={styles.hint}>The family's frames show here when Hearth can be reached.</p>
      ) : frames.frames.length === 0 ? (
        <p className={styles.hint}>No frames yet.</p>
      ) : (
        <ul className={linksMade.list}>
          {frames.frames.map((frame) => (
            <FrameRow key={frame.id} familyId={familyId} frame={frame} onTurnedOff={onTurnedOff} />
          ))}
        </ul>
      )}
      <p className={styles.hint}>A frame not used for {frameUnusedDays} days turns off by itself.</p>
    </section>
  );
}

function FrameRow({ familyId, frame, onTurnedOff }: { familyId: string; frame: FamilyFrame; onTurnedOff: () => void }) {
  const [turningOff, setTurningOff] = useState(false);
  const name = frame.openedAt ? (frame.device ?? 'A frame') : 'A link not opened yet';
  const when = frame.openedAt
    ? `Last seen ${formatRelativeTime(frame.lastSeenAt)}`
    : `Made by ${frame.createdBy} ${formatRelativeTime(frame.createdAt)}`;

  // No confirmation: a frame turned off by mistake is back with a new link.
  async function turnOff() {
    setTurningOff(true);
    try {
      await frameApi.turnOff(familyId, frame.id);
      toast({ title: 'Frame turned off', description: 'It goes dark now.' });
      onTurnedOff();
    } catch (error) {
      setTurningOff(false);
      if (!isSignedOutError(error))
        toast({ title: 'Frame not turned off', description: unreachable, variant: 'destructive' });
    }
  }

  return (
    <li className={linksMade.row}>
      <span>
        <span className={styles.frameName}>{name}</span>
        <br />
        <span className={styles.hint}>{when}</span>
      </span>
      <Button variant="secondary" disabled={turningOff} aria-label={`Turn off ${name}`} onClick={() => void turnOff()}>
        {turningOff ? 'Turning off...' : 'Turn off'}
      </Button>
    </li>
  );
}
