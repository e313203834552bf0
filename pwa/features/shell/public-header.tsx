import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { ButtonLink } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { BrandLink } from './brand-link.tsx';
import * as styles from './header.css.ts';
import { NavItemLinks } from './nav-item-links.tsx';
import { publicNavItems } from './nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';

/**
 * The header for visitors who are not signed in: Hearth, its public pages, and the way in. On small screens it
 * folds into a menu button that opens the same links under the bar.
 */
export function PublicHeader() {
  const menuId = useId();
  const menu = useDisclosure<HTMLDivElement>();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <BrandLink onClick={menu.close} />
        <span className={styles.spacer} />
        <nav aria-label="Main" className={styles.desktopOnly}>
          <div className={styles.navRow}>
            <NavItemLinks items={publicNavItems} listClassName={styles.navList} linkClassName={styles.navLink} />
            <Link to="/login" className={styles.navLink}>
              Log In
            </Link>
            <ButtonLink to="/signup">Sign Up</ButtonLink>
          </div>
        </nav>
        <IconButton
          ref={menu.buttonRef}
          label="Menu"
          icon={menu.isOpen ? <CloseIcon /> : <MenuIcon />}
          aria-expanded={menu.isOpen}
          aria-controls={menuId}
          className={styles.mobileOnly}
          onClick={menu.toggle}
        />
      </div>
      <div
        id={menuId}
        ref={menu.panelRef}
        hidden={!menu.isOpen}
        className={`${styles.publicMenu} ${styles.mobileOnly}`}
      >
        <nav aria-label="Main">
          <NavItemLinks
            items={publicNavItems}
            listClassName={styles.publicMenuList}
            linkClassName={styles.publicMenuLink}
            onNavigate={menu.close}
          />
        </nav>
        <div className={styles.publicMenuActions}>
          <ButtonLink to="/login" variant="secondary" onClick={menu.close}>
            Log In
          </ButtonLink>
          <ButtonLink to="/signup" onClick={menu.close}>
            Sign Up
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
