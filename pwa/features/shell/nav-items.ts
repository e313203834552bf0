import type { ComponentType } from 'react';
import type { FileRouteTypes } from '../../route-tree.gen.ts';
import { HomeIcon, SettingsIcon, UserIcon, type IconProps } from '../../ui/icons.tsx';
import { FamilyTreeIcon } from '../family/tree/family-tree-icon.tsx';

export type NavItem = {
  to: FileRouteTypes['to'];
  label: string;
  icon: ComponentType<IconProps>;
};

/**
 * The signed-in sections, in the order the top navigation, the drawer and the tab bar show them (spec §2). Photos,
 * Events and Chat join this list, before Family Tree, as their screens arrive.
 */
export const mainNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/family-tree', label: 'Family Tree', icon: FamilyTreeIcon },
];

/** The signed-in user's own pages: in the account menu, the drawer and the tab bar. */
export const accountNavItems: readonly NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserIcon },
  { to: '/settings', label: 'Settings', icon: SettingsIcon },
];

/** The phone tab bar: every main section, then the account pages. */
export const tabBarItems: readonly NavItem[] = [...mainNavItems, ...accountNavItems];

/** A link in the public header, as a plain path: anchors on the landing page are not routes of their own. */
export type PublicNavItem = { href: string; label: string };

/** Links in the public header besides Download App, Log In and Sign Up (spec §2). */
export const publicNavItems: readonly PublicNavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/#features', label: 'Features' },
  { href: '/#how-it-works', label: 'How It Works' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
];
