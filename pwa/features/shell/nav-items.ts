import type { ComponentType } from 'react';
import type { FileRouteTypes } from '../../route-tree.gen.ts';
import { HomeIcon, SettingsIcon, UserIcon, type IconProps } from '../../ui/icons.tsx';

export type NavItem = {
  to: FileRouteTypes['to'];
  label: string;
  icon: ComponentType<IconProps>;
};

/**
 * The signed-in sections, in the order the top navigation, the drawer and the tab bar show them. Photos, Events,
 * Chat and Family Tree join this list as their screens arrive.
 */
export const mainNavItems: readonly NavItem[] = [{ to: '/', label: 'Home', icon: HomeIcon }];

/** The signed-in user's own pages: in the account menu, the drawer and the tab bar. */
export const accountNavItems: readonly NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserIcon },
  { to: '/settings', label: 'Settings', icon: SettingsIcon },
];

/** The phone tab bar: every main section, then the account pages. */
export const tabBarItems: readonly NavItem[] = [...mainNavItems, ...accountNavItems];

/** Links in the public header besides Log In and Sign Up; the landing anchors and legal pages join later. */
export const publicNavItems: readonly NavItem[] = [{ to: '/', label: 'Home', icon: HomeIcon }];
