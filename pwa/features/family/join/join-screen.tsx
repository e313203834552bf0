import { useEffect, useState, type ReactNode } from 'react';
import { familyMessages } from '../../../../schema/family-messages.ts';
import type { InvitationPreview } from '../../../../schema/invitations.ts';
import { useDateWords } from '../../../lib/format-date.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { AlertIcon, ClockIcon, HearthMark } from '../../../ui/icons.tsx';
import * as noticeStyles from '../../../ui/notice.css.ts';
import { Notice } from '../../../ui/notice.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAuth } from '../../account/auth-store.ts';
import { invitationApi } from '../invite/invitation-api.ts';
import { JoinForm } from './join-form.tsx';
import { servedInvitation } from './served-invitation.ts';
import { joinProblemOf, joinProblemTexts, type JoinProblem } from './join-problems.ts';
import * as styles from './join-screen.css.ts';
import { useOpenFamily } from './use-open-family.ts';

type EndingProblem = Exclude<JoinProblem, 'already-member'>;

type Lookup =
  { state: 'loading' } | { state: 'found'; preview: InvitationPreview } | { state: 'problem'; problem: EndingProblem };

/**
 * `/join/<token>`: who invites the reader to which family, then the way in. Visitors create an account or log in and
 * come back here; signed in, they say how they are related and join. Reachable signed out, so it loads nothing of
 * the signed-in app until someone joins.
 */
export function JoinScreen({ token }: { token: string }) {
  const { user } = useAuth();
  // Drawn by the server for a visitor, the page already holds the invitation (served-invitation.ts); someone signed
  // in asks, the answer saying whether they belong to the family already.
  const [served] = useState(() => (user ? null : servedInvitation(token)));
  const [lookup, setLookup] = useState<Lookup>(served ? { state: 'found', preview: served } : { state: 'loading' });
  const [attempts, setAttempts] = useState(0);
  const retry = () => setAttempts((count) => count + 1);
  useDocumentTitle(documentTitle(lookup));

  // Asked again once signed in: the answer then says whether the person already belongs to the family.
  useEffect(() => {
    if (served && user?.id === undefined && attempts === 0) return;
    const request = new AbortController();
    // An invitation on screen stays there while it is asked again.
    setLookup((current) => (current.state === 'found' ? current : { state: 'loading' }));
    invitationApi.lookup(token, request.signal).then(
      (preview) => setLookup({ state: 'found', preview }),
      (error: unknown) => {
        if (request.signal.aborted) return;
        const problem = joinProblemOf(error);
        // The look-up tells membership in its answer: a 409 belongs to joining, and here means something went wrong.
        setLookup({ state: 'problem', problem: problem === 'already-member' ? 'unavailable' : problem });
      },
    );
    return () => request.abort();
  }, [token, user?.id, attempts, served]);

  const offline = lookup.state === 'problem' && lookup.problem === 'offline';
  useEffect(() => {
    if (!offline) return;
    const retryOnline = () => setAttempts((count) => count + 1);
    window.addEventListener('online', retryOnline);
    return () => window.removeEventListener('online', retryOnline);
  }, [offline]);

  if (lookup.state === 'loading') {
    return (
      <div className={noticeStyles.wrap}>
        <p role="status" className={styles.loading}>
          <Spinner /> Opening your invitation...
        </p>
      </div>
    );
  }
  if (lookup.state === 'problem') return <JoinProblemNotice problem={lookup.problem} onRetry={retry} />;

  const { preview } = lookup;
  if (preview.alreadyMember && user) return <AlreadyMember preview={preview} />;
  return (
    <Invitation preview={preview}>
      {user ? (
        <JoinForm
          token={token}
          preview={preview}
          onProblem={(problem) =>
            setLookup(
              problem === 'already-member'
                ? { state: 'found', preview: { ...preview, alreadyMember: true } }
                : { state: 'problem', problem },
            )
          }
        />
      ) : (
        <SignInToJoin returnTo={`/join/${token}`} />
      )}
    </Invitation>
  );
}

function documentTitle(lookup: Lookup): string {
  if (lookup.state === 'found') return `Join ${lookup.preview.familyName}`;
  if (lookup.state === 'problem') return joinProblemTexts[lookup.problem].title;
  return 'Invitation';
}

/** "Margaret Smith invited you to join The Smiths on Hearth", until when, and what to do next. */
function Invitation({ preview, children }: { preview: InvitationPreview; children: ReactNode }) {
  const { longDate } = useDateWords();
  return (
    <div className={noticeStyles.wrap}>
      <Card as="section" aria-labelledby="invitation-title" className={styles.card}>
        <span className={noticeStyles.badge}>
          <HearthMark size="3rem" />
        </span>
        <h1 id="invitation-title" className={styles.title}>
          {preview.invitedBy} invited you to join {preview.familyName} on Hearth
        </h1>
        <p className={styles.muted}>This invitation is open until {longDate(preview.expiresAt)}.</p>
        {children}
      </Card>
    </div>
  );
}

/** Both ways in bring the person straight back to this page, where they join. */
function SignInToJoin({ returnTo }: { returnTo: string }) {
  return (
    <>
      <p className={styles.lead}>
        Hearth is a private place for your family's news, photos and plans. Create an account, or log in if you already
        have one, and you'll come straight back here to join.
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/signup" search={{ returnTo }} fullWidth>
          Create an account
        </ButtonLink>
        <ButtonLink to="/login" search={{ returnTo }} variant="secondary" fullWidth>
          I already have an account
        </ButtonLink>
      </div>
    </>
  );
}

function AlreadyMember({ preview }: { preview: InvitationPreview }) {
  const openFamily = useOpenFamily();
  const [opening, setOpening] = useState(false);
  return (
    <Notice
      icon={<HearthMark size="3rem" />}
      title={familyMessages.alreadyMember}
      actions={
        <Button
          disabled={opening}
          onClick={() => {
            setOpening(true);
            void openFamily(preview.familyId);
          }}
        >
          Open {preview.familyName}
        </Button>
      }
    >
      Everything {preview.familyName} shares is waiting for you.
    </Notice>
  );
}

const problemIcons: Record<EndingProblem, ReactNode> = {
  invalid: <AlertIcon size="2.5rem" />,
  expired: <ClockIcon size="2.5rem" />,
  revoked: <ClockIcon size="2.5rem" />,
  offline: <AlertIcon size="2.5rem" />,
  unavailable: <AlertIcon size="2.5rem" />,
};

/** Each problem in its own words, with a way on: home, or another try where a try can help. */
function JoinProblemNotice({ problem, onRetry }: { problem: EndingProblem; onRetry: () => void }) {
  const { title, text } = joinProblemTexts[problem];
  const canRetry = problem === 'offline' || problem === 'unavailable';
  return (
    <Notice
      icon={problemIcons[problem]}
      title={title}
      actions={
        <>
          {canRetry ? <Button onClick={onRetry}>Try again</Button> : null}
          <ButtonLink to="/" variant={canRetry ? 'secondary' : 'primary'}>
            Go to Hearth
          </ButtonLink>
        </>
      }
    >
      {text}
    </Notice>
  );
}
