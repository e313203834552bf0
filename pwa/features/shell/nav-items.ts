import type { ComponentType } from 'react';
import type { FileRouteTypes } from '../../route-tree.gen.ts';
import { HomeIcon, SettingsIcon, UserIcon, type IconProps } from '../../ui/icons.tsx';
import { EventsIcon } from '../events/events-icon.tsx';
import { FamilyTreeIcon } from '../family/tree/family-tree-icon.tsx';
import { PhotosIcon } from '../photos/photos-icon.tsx';

export type NavItem = {
  to: FileRouteTypes['to'];
  label: string;
  icon: ComponentType<IconProps>;
};

/**
 * The signed-in sections, in the order the top navigation, the drawer and the tab bar show them (spec §2). Chat
 * joins this list, after Events, when its screen arrives.
 */
export const mainNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/photos', label: 'Photos', icon: PhotosIcon },
  { to: '/events', label: 'Events', icon: EventsIcon },
  { to: '/family-tree', label: 'Family Tree', icon: FamilyTreeIcon },
];

/** The signed-in user's own pages: in the account menu, the drawer and the tab bar. */
export const accountNavItems: readonly NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserIcon },
  { to: '/settings', label: 'Settings', icon: SettingsIcon },
];

/**
 * The phone tab bar: the main sections only. Five places fit under a thumb with readable labels (at 320 px and the
 * largest text too); the account pages are one tap away in the header's menu and the drawer.
 */
export const tabBarItems: readonly NavItem[] = mainNavItems;
