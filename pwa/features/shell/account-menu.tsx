import { useId } from 'react';
import type { User } from '../../../schema/entities.ts';
import { signOut } from '../account/sign-out.ts';
import { initials, publicName } from '../account/display-name.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { ChevronDownIcon, LogOutIcon } from '../../ui/icons.tsx';
import * as styles from './account.css.ts';
import { barLabel } from './header.css.ts';
import { NavItemLinks } from './nav-item-links.tsx';
import { accountNavItems } from './nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';

/** Desktop: the signed-in person (avatar, name, email) opening their Profile, Settings and Sign Out. */
export function AccountMenu({ user }: { user: User }) {
  const panelId = useId();
  const menu = useDisclosure<HTMLDivElement>();

  return (
    <div className={styles.accountMenu}>
      <button
        ref={menu.buttonRef}
        type="button"
        className={styles.accountButton}
        aria-expanded={menu.isOpen}
        aria-controls={panelId}
        onClick={menu.toggle}
      >
        <Avatar imageUrl={user.profileImageUrl} initials={initials(user)} size="sm" />
        <span className={`${styles.identityName} ${barLabel}`}>{publicName(user)}</span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <div id={panelId} ref={menu.panelRef} hidden={!menu.isOpen} className={styles.accountPanel}>
        <AccountLinks onNavigate={menu.close} />
      </div>
    </div>
  );
}

/**
 * In the drawer: the person's name (or username) over their email, which is theirs to see but never what they are
 * called. The header's account button carries the name alone.
 */
export function UserIdentity({ user }: { user: User }) {
  return (
    <span className={styles.identity}>
      <span className={styles.identityName}>{publicName(user)}</span>
      <span className={styles.identityEmail}>{user.email}</span>
    </span>
  );
}

/** Profile, Settings and Sign Out, as the account menu and the drawer both list them. */
export function AccountLinks({ onNavigate }: { onNavigate: () => void }) {
  return (
    <>
      <NavItemLinks
        items={accountNavItems}
        listClassName={styles.menuList}
        linkClassName={styles.menuLink}
        withIcons
        onNavigate={onNavigate}
      />
      <hr className={styles.divider} />
      <button type="button" className={styles.menuLink} onClick={() => void signOut()}>
        <LogOutIcon />
        Sign Out
      </button>
    </>
  );
}
