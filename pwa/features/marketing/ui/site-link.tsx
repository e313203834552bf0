import type { ComponentProps, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

type SiteLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path on this site, with an optional #anchor: "/terms", "/#features". */
  href: string;
};

function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    event.currentTarget.target === '_blank'
  );
}

/**
 * A link to a page of this site given as a plain path, for places that name pages and anchors the route tree does
 * not type (anchors on the landing page, pages that other features add). A plain click stays in the app through the
 * router, which scrolls to the #anchor once the page is drawn; a middle click or Ctrl+click opens a tab as usual.
 */
export function SiteLink({ href, onClick, ...anchorProps }: SiteLinkProps) {
  const router = useRouter();
  return (
    <a
      {...anchorProps}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
