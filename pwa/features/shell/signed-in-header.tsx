import { useCallback, useId, useRef, useState } from 'react';
import type { User } from '../../../schema/entities.ts';
import { FamilySwitcher } from '../family/family-switcher.tsx';
import { useFamilyFromAddress } from '../family/selected-family.ts';
import { SyncIndicator } from '../device-session/sync-indicator.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { MenuIcon } from '../../ui/icons.tsx';
import { AccountMenu } from './account-menu.tsx';
import { BrandLink } from './brand-link.tsx';
import * as styles from './header.css.ts';
import { NavItemLinks } from './nav-item-links.tsx';
import { mainNavItems } from './nav-items.ts';
import { NavigationDrawer } from './navigation-drawer.tsx';

/**
 * The signed-in top navigation: sections, the family switcher and account menu on wide screens, a menu button and
 * drawer on phones.
 */
export function SignedInHeader({ user }: { user: User }) {
  useFamilyFromAddress(user.id);
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <IconButton
          ref={menuButtonRef}
          label="Menu"
          icon={<MenuIcon />}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          aria-haspopup="dialog"
          className={styles.mobileOnly}
          onClick={() => setDrawerOpen(true)}
        />
        <BrandLink />
        <nav aria-label="Main" className={styles.desktopOnly}>
          <NavItemLinks items={mainNavItems} listClassName={styles.navList} linkClassName={styles.navLink} withIcons />
        </nav>
        <span className={styles.spacer} />
        <FamilySwitcher compact className={styles.desktopOnly} />
        <SyncIndicator />
        <NotificationBell />
        <div className={styles.desktopOnly}>
          <AccountMenu user={user} />
        </div>
      </div>
      <NavigationDrawer
        id={drawerId}
        user={user}
        isOpen={drawerOpen}
        onClose={closeDrawer}
        returnFocusTo={menuButtonRef}
      />
    </header>
  );
}
