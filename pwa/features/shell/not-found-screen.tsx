import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { HearthMark, HomeIcon } from '../../ui/icons.tsx';
import { Notice } from '../../ui/notice.tsx';

/** Any address Hearth does not know. */
export function NotFoundScreen() {
  useDocumentTitle('Page Not Found');
  return (
    <Notice
      icon={<HearthMark size="3rem" />}
      title="404 Page Not Found"
      actions={
        <ButtonLink to="/">
          <HomeIcon />
          Back to Home
        </ButtonLink>
      }
    >
      We looked all around the house, but this page isn't here. It may have moved, or the link may be mistyped.
    </Notice>
  );
}
