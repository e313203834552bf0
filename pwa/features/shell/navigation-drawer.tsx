import { useEffect, useRef, type RefObject } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { User } from '../../../schema/entities.ts';
import { initials } from '../account/display-name.ts';
import { FamilySwitcher } from '../family/family-switcher.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { AccountLinks, UserIdentity } from './account-menu.tsx';
import * as styles from './account.css.ts';
import { BrandLink } from './brand-link.tsx';
import { NavItemLinks } from './nav-item-links.tsx';
import { mainNavItems } from './nav-items.ts';

type NavigationDrawerProps = {
  id: string;
  user: User;
  isOpen: boolean;
  onClose: () => void;
  /** The button that opened the drawer, which gets focus back when it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * The phone menu: a modal <dialog>, so the browser traps focus inside it, closes it on Escape and hides the page
 * behind it from screen readers. It closes whenever the page changes.
 */
export function NavigationDrawer({ id, user, isOpen, onClose, returnFocusTo }: NavigationDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const wasOpen = useRef(false);
  const href = useRouterState({ select: (state) => state.location.href });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
    // Browsers differ in where focus lands after a dialog closes; put it back on the menu button everywhere.
    if (wasOpen.current && !isOpen) returnFocusTo.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen, returnFocusTo]);

  useEffect(() => onClose(), [href, onClose]);

  return (
    <dialog
      id={id}
      ref={dialogRef}
      aria-label="Menu"
      className={styles.drawer}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dimmed backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.drawerInner}>
        <div className={styles.drawerTop}>
          <BrandLink onClick={onClose} />
          <IconButton label="Close menu" icon={<CloseIcon />} onClick={onClose} />
        </div>
        <div className={styles.drawerIdentity}>
          <Avatar imageUrl={user.profileImageUrl} initials={initials(user)} size="md" />
          <UserIdentity user={user} />
        </div>
        <FamilySwitcher />
        <nav aria-label="Main">
          <NavItemLinks
            items={mainNavItems}
            listClassName={styles.menuList}
            linkClassName={styles.menuLink}
            withIcons
            onNavigate={onClose}
          />
        </nav>
        <hr className={styles.divider} />
        <AccountLinks onNavigate={onClose} />
      </div>
    </dialog>
  );
}
