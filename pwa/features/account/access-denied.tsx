import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { UserIcon } from '../../ui/icons.tsx';
import { Notice } from '../../ui/notice.tsx';
import { loginPath } from './account-urls.ts';

/** The profile page for someone who is not signed in (product.md §2: Access Denied with Go to Login). */
export function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <Notice
      icon={<UserIcon size="2.25rem" />}
      title="Access Denied"
      actions={<ButtonLink {...loginPath('/profile')}>Go to Login</ButtonLink>}
    >
      Your profile is only visible once you are signed in.
    </Notice>
  );
}
