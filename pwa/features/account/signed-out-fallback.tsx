import { useRouterState } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { HearthMark } from '../../ui/icons.tsx';
import { Notice } from '../../ui/notice.tsx';
import { loginPath } from './account-urls.ts';

/** Shown in place of a signed-in screen to someone who is not signed in; signing in brings them back here. */
export function SignedOutFallback() {
  useDocumentTitle('Sign In');
  const here = useRouterState({ select: (state) => `${state.location.pathname}${state.location.searchStr}` });
  return (
    <Notice
      icon={<HearthMark size="3rem" />}
      title="Sign in to see your family"
      actions={
        <>
          <ButtonLink {...loginPath(here)}>Log In</ButtonLink>
          <ButtonLink to="/signup" variant="secondary">
            Create Account
          </ButtonLink>
        </>
      }
    >
      Hearth keeps your family's photos, plans and news private. Log in to pick up where you left off, or create an
      account to join your family.
    </Notice>
  );
}
