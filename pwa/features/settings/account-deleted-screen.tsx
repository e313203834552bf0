import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { HearthMark, HomeIcon } from '../../ui/icons.tsx';
import { Notice } from '../../ui/notice.tsx';

/**
 * After Delete My Account: said plainly that it happened and what it meant, rather than landing on the welcome page as
 * if nothing had.
 */
export function AccountDeletedScreen() {
  useDocumentTitle('Account Deleted');
  return (
    <Notice
      icon={<HearthMark size="3rem" />}
      title="Your account was deleted"
      actions={
        <ButtonLink to="/">
          <HomeIcon />
          Back to Home
        </ButtonLink>
      }
    >
      Your account, sign-ins and settings are gone, and this device holds nothing of yours. What you shared stays with
      your family as “Former member”. Thank you for being part of Hearth.
    </Notice>
  );
}
