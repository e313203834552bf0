import { useId } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { openDownloadPopup } from '../marketing/download-popup/open-download-popup.ts';
import { SiteLink } from '../marketing/ui/site-link.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { BrandLink } from './brand-link.tsx';
import * as styles from './header.css.ts';
import { publicNavItems } from './public-nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';

/**
 * The header for visitors who are not signed in: Hearth, its public pages, Download App and the way in. Below
 * laptop width it folds into a menu button that opens the same links under the bar and closes on navigation.
 */
export function PublicHeader() {
  const menuId = useId();
  const menu = useDisclosure<HTMLDivElement>();
  const wayIn = useWayInSearch();

  function downloadFromMenu() {
    // The button is about to disappear with the menu: the popup hands focus back to the menu button instead.
    menu.close();
    menu.buttonRef.current?.focus();
    openDownloadPopup();
  }

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <BrandLink onClick={menu.close} />
        <span className={styles.spacer} />
        <nav aria-label="Main" className={styles.publicDesktopOnly}>
          <PublicNavLinks listClassName={styles.navList} linkClassName={styles.publicNavLink} />
        </nav>
        <div className={`${styles.navRow} ${styles.publicDesktopOnly}`}>
          <Button variant="secondary" className={styles.publicBarButton} onClick={openDownloadPopup}>
            Download App
          </Button>
          <Link to="/login" search={wayIn} className={styles.publicNavLink}>
            Log In
          </Link>
          <ButtonLink to="/signup" search={wayIn} className={styles.publicBarButton}>
            Sign Up
          </ButtonLink>
        </div>
        <IconButton
          ref={menu.buttonRef}
          label="Menu"
          icon={menu.isOpen ? <CloseIcon /> : <MenuIcon />}
          aria-expanded={menu.isOpen}
          aria-controls={menuId}
          className={styles.publicMobileOnly}
          onClick={menu.toggle}
        />
      </div>
      <div
        id={menuId}
        ref={menu.panelRef}
        hidden={!menu.isOpen}
        className={`${styles.publicMenu} ${styles.publicMobileOnly}`}
      >
        <nav aria-label="Main">
          <PublicNavLinks
            listClassName={styles.publicMenuList}
            linkClassName={styles.publicMenuLink}
            onNavigate={menu.close}
          />
        </nav>
        <div className={styles.publicMenuActions}>
          <Button variant="secondary" className={styles.publicMenuWide} onClick={downloadFromMenu}>
            Download App
          </Button>
          <ButtonLink to="/login" search={wayIn} variant="secondary" onClick={menu.close}>
            Log In
          </ButtonLink>
          <ButtonLink to="/signup" search={wayIn} onClick={menu.close}>
            Sign Up
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}

/**
 * Log In and Sign Up from an invitation come back to it: someone who reaches for the header instead of the invite's
 * own buttons still joins the family they were invited to. From any other page they go home.
 */
function useWayInSearch(): { returnTo?: string } {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return pathname.startsWith('/join/') ? { returnTo: pathname } : {};
}

type PublicNavLinksProps = { listClassName: string; linkClassName: string; onNavigate?: () => void };

/** Home, the landing page's Features and How It Works, Terms and Privacy; the page being shown is marked current. */
function PublicNavLinks({ listClassName, linkClassName, onNavigate }: PublicNavLinksProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ul className={listClassName}>
      {publicNavItems.map((item) => (
        <li key={item.href}>
          <SiteLink
            href={item.href}
            className={linkClassName}
            aria-current={item.href === pathname ? 'page' : undefined}
            onClick={onNavigate}
          >
            {item.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
