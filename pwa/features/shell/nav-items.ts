import type { ComponentType } from 'react';
import type { LinkProps } from '@tanstack/react-router';
import { HomeIcon, SettingsIcon, UserIcon, type IconProps } from '../../ui/icons.tsx';
import { ChatIcon } from '../chat/chat-icon.tsx';
import { UnreadChatBadge } from '../chat/unread-chat-badge.tsx';
import { EventsIcon } from '../events/events-icon.tsx';
import { FamilyTreeIcon } from '../family/tree/family-tree-icon.tsx';
import { PhotosIcon } from '../photos/photos-icon.tsx';

export type NavItem = {
  /** A route of the app, as the router registered in router.ts knows them (no import of the generated tree). */
  to: NonNullable<LinkProps['to']>;
  label: string;
  /** What the tab bar shows when the text is large for the screen; the full label is still read out. */
  shortLabel?: string;
  icon: ComponentType<IconProps>;
  /** Something new there, shown after the label (on the tab bar, on the icon's shoulder) and read with its name. */
  badge?: ComponentType<{ corner?: boolean }>;
};

/** The signed-in sections, in the order the top navigation, the drawer and the tab bar show them (product.md §2). */
export const mainNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/photos', label: 'Photos', icon: PhotosIcon },
  { to: '/events', label: 'Events', icon: EventsIcon },
  { to: '/chat', label: 'Chat', icon: ChatIcon, badge: UnreadChatBadge },
  { to: '/family-tree', label: 'Family Tree', shortLabel: 'Tree', icon: FamilyTreeIcon },
];

/** The signed-in user's own pages: in the account menu, the drawer and the tab bar. */
export const accountNavItems: readonly NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserIcon },
  { to: '/settings', label: 'Settings', icon: SettingsIcon },
];

/**
 * The phone tab bar: the main sections only, five places under a thumb; the account pages are one tap away in the
 * header's menu and the drawer.
 */
export const tabBarItems: readonly NavItem[] = mainNavItems;
