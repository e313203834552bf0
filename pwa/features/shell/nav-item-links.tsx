import { Link } from '@tanstack/react-router';
import type { NavItem } from './nav-items.ts';

type NavItemLinksProps = {
  items: readonly NavItem[];
  listClassName: string;
  linkClassName: string;
  withIcons?: boolean;
  /** Called when a link is followed, so a menu holding the links can close. */
  onNavigate?: () => void;
};

/**
 * A list of navigation links. The link to the page being shown gets aria-current="page" (from the router); Home
 * counts only on Home itself, and a query string (?changePassword=1) does not stop a page from being current.
 */
export function NavItemLinks({
  items,
  listClassName,
  linkClassName,
  withIcons = false,
  onNavigate,
}: NavItemLinksProps) {
  return (
    <ul className={listClassName}>
      {items.map((item) => (
        <li key={`${item.to}-${item.label}`}>
          <Link
            to={item.to}
            className={linkClassName}
            activeOptions={{ exact: item.to === '/', includeSearch: false }}
            onClick={onNavigate}
          >
            {withIcons ? <item.icon /> : null}
            {item.label}
            {item.badge ? <item.badge /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
