import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { familyToasts } from '../../../../schema/family-messages.ts';
import type { FamilyInvitation } from '../../../../schema/invitations.ts';
import { invitationLifetimeDays } from '../../../../schema/limits.ts';
import type { InvitationLink } from '../../../db/hearth-db.ts';
import { isSignedOutError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format-date.ts';
import { Button } from '../../../ui/button.tsx';
import { CopyableLink } from '../../../ui/copyable-link.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { useSignedInUser } from '../../account/auth-store.ts';
import { useHearthDb } from '../../device-session/device-session-store.ts';
import { publicName } from '../../account/display-name.ts';
import { useIsFamilyAdmin } from '../use-is-family-admin.ts';
import * as linksMade from '../links-made.css.ts';
import * as styles from './invite-dialog.css.ts';
import { invitationApi } from './invitation-api.ts';
import { invitationShareData, invitationUrl, inviteProblemText } from './invitation-links.ts';

type InviteDialogProps = { familyId: string; familyName: string; open: boolean; onClose: () => void };

/**
 * Makes an invite link (copy or share) and lists the family's open links, which admins and each link's maker can
 * turn off. A link made on this device and still open is shown again to copy, rather than a new one made each time.
 * Links live on the server, so making one needs a connection; without one it says so and nothing else breaks.
 */
export function InviteDialog({ familyId, familyName, open, onClose }: InviteDialogProps) {
  const user = useSignedInUser();
  const db = useHearthDb();
  const openLinks = useOpenInvitations(familyId, open);
  const madeHere = useLiveQuery(() => db.invitationLinks.where('familyId').equals(familyId).toArray(), [db, familyId]);
  const shown = newestStillOpen(madeHere ?? [], openLinks);
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState('');

  // A problem from an earlier opening (offline then) is old news now.
  useEffect(() => {
    if (open) setProblem('');
  }, [open]);

  // Links turned off elsewhere, or expired, are forgotten once a list asked for after they were made leaves them out.
  useEffect(() => {
    const { links } = openLinks;
    if (links.state !== 'loaded' || !madeHere) return;
    const gone = madeHere.filter((link) => !isOnList(link, links)).filter((link) => link.madeAt < links.askedAt);
    if (gone.length > 0) void db.invitationLinks.bulkDelete(gone.map((link) => link.id));
  }, [db, madeHere, openLinks]);

  async function createLink() {
    setCreating(true);
    setProblem('');
    try {
      const invitation = await invitationApi.create(familyId);
      const url = invitationUrl(window.location.origin, invitation.token);
      const link = { id: invitation.id, familyId, url, expiresAt: invitation.expiresAt, madeAt: Date.now() };
      await db.invitationLinks.put(link);
      openLinks.refresh();
    } catch (error) {
      if (!isSignedOutError(error)) setProblem(inviteProblemText(error));
    } finally {
      setCreating(false);
    }
  }

  function turnedOff(invitationId: string) {
    void db.invitationLinks.delete(invitationId);
    openLinks.refresh();
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Invite to ${familyName}`}
      description={`Make a link and send it to your relatives. It works for ${invitationLifetimeDays} days, for as many of them as you like, and only people who have the link can join.`}
      actions={
        // Named apart from the dialog's own × (Close), and plainer for someone who has just sent a link.
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {shown ? (
        <CopyableLink
          label="Invite link"
          url={shown.url}
          copyLabel="Copy Link"
          copied={familyToasts.inviteLinkCopied}
          share={invitationShareData({ familyName, inviterName: publicName(user), url: shown.url })}
        />
      ) : (
        <Button onClick={() => void createLink()} disabled={creating}>
          {creating ? 'Creating link...' : 'Create invite link'}
        </Button>
      )}
      <p role="status" className={linksMade.note}>
        {problem}
      </p>
      <OpenInvitations familyId={familyId} links={openLinks.links} onTurnedOff={turnedOff} />
    </Dialog>
  );
}

/**
 * The newest link made here that is still open: on the server's list when it has answered (or made since it was
 * asked for), else (offline) not past its expiry, so a link can be copied again on a plane.
 */
function newestStillOpen(madeHere: InvitationLink[], { links }: { links: OpenLinks }): InvitationLink | undefined {
  const now = new Date().toISOString();
  const open = madeHere.filter((link) =>
    links.state === 'loaded' ? isOnList(link, links) || link.madeAt >= links.askedAt : link.expiresAt > now,
  );
  return open.sort((a, b) => b.madeAt - a.madeAt)[0];
}

function isOnList(link: InvitationLink, list: { invitations: FamilyInvitation[] }): boolean {
  return list.invitations.some((invitation) => invitation.id === link.id);
}

type OpenLinks =
  | { state: 'loading' }
  /** `askedAt`: this device's clock when the list was asked for. */
  | { state: 'loaded'; invitations: FamilyInvitation[]; askedAt: number }
  /** Offline, or the server could not answer. */
  | { state: 'unavailable' };

/** The family's open links, asked for each time the dialog opens and after every change made in it. */
function useOpenInvitations(familyId: string, open: boolean) {
  const [links, setLinks] = useState<OpenLinks>({ state: 'loading' });
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (!open) return;
    const request = new AbortController();
    const askedAt = Date.now();
    invitationApi.listOpen(familyId, request.signal).then(
      (invitations) => setLinks({ state: 'loaded', invitations, askedAt }),
      () => {
        if (!request.signal.aborted) setLinks({ state: 'unavailable' });
      },
    );
    return () => request.abort();
  }, [familyId, open, changes]);

  return { links, refresh: () => setChanges((count) => count + 1) };
}

type OpenInvitationsProps = {
  familyId: string;
  links: OpenLinks;
  onTurnedOff: (invitationId: string) => void;
};

function OpenInvitations({ familyId, links, onTurnedOff }: OpenInvitationsProps) {
  const headingId = useId();
  const user = useSignedInUser();
  const isAdmin = useIsFamilyAdmin(familyId);

  return (
    <section aria-labelledby={headingId} className={linksMade.section}>
      <h3 id={headingId} className={linksMade.sectionTitle}>
        Open invite links
      </h3>
      {links.state === 'loading' ? (
        <p className={styles.muted}>Looking for open links...</p>
      ) : links.state === 'unavailable' ? (
        <p className={styles.muted}>Your family's open links show here when Hearth can be reached.</p>
      ) : links.invitations.length === 0 ? (
        <p className={styles.muted}>No open links right now.</p>
      ) : (
        <ul className={linksMade.list}>
          {links.invitations.map((invitation) => (
            <OpenInvitation
              key={invitation.id}
              familyId={familyId}
              invitation={invitation}
              madeByYou={invitation.createdBy.id === user.id}
              canTurnOff={isAdmin || invitation.createdBy.id === user.id}
              onTurnedOff={onTurnedOff}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type OpenInvitationProps = {
  familyId: string;
  invitation: FamilyInvitation;
  madeByYou: boolean;
  canTurnOff: boolean;
  onTurnedOff: (invitationId: string) => void;
};

/** "Made by Margaret Smith · expires 21 November 2026", and Turn off for the family's admins and the link's maker. */
function OpenInvitation({ familyId, invitation, madeByYou, canTurnOff, onTurnedOff }: OpenInvitationProps) {
  const [turningOff, setTurningOff] = useState(false);
  const maker = madeByYou ? 'you' : publicName(invitation.createdBy);
  const expires = formatLongDate(invitation.expiresAt);

  // No confirmation: turning a link off is undone by making a new one.
  async function turnOff() {
    setTurningOff(true);
    try {
      await invitationApi.turnOff(familyId, invitation.id);
      toast(familyToasts.inviteLinkTurnedOff);
      onTurnedOff(invitation.id);
    } catch (error) {
      setTurningOff(false);
      if (isSignedOutError(error)) return;
      toast({ title: 'Link not turned off', description: inviteProblemText(error), variant: 'destructive' });
    }
  }

  return (
    <li className={linksMade.row}>
      <span>
        Made by {maker} · expires {expires}
      </span>
      {canTurnOff ? (
        <Button
          variant="secondary"
          disabled={turningOff}
          aria-label={`Turn off the link made by ${maker}, which expires ${expires}`}
          onClick={() => void turnOff()}
        >
          {turningOff ? 'Turning off...' : 'Turn off'}
        </Button>
      ) : null}
    </li>
  );
}
