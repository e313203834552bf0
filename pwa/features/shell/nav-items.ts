import type { ComponentType } from 'react';
import type { FileRouteTypes } from '../../route-tree.gen.ts';
import { HomeIcon, SettingsIcon, UserIcon, type IconProps } from '../../ui/icons.tsx';
import { ChatIcon } from '../chat/chat-icon.tsx';
import { UnreadChatBadge } from '../chat/unread-chat-badge.tsx';
import { EventsIcon } from '../events/events-icon.tsx';
import { FamilyTreeIcon } from '../family/tree/family-tree-icon.tsx';
import { PhotosIcon } from '../photos/photos-icon.tsx';

export type NavItem = {
  to: FileRouteTypes['to'];
  label: string;
  icon: ComponentType<IconProps>;
  /** Something new there, shown after the label (on the tab bar, on the icon's shoulder) and read with its name. */
  badge?: ComponentType<{ corner?: boolean }>;
};

/** The signed-in sections, in the order the top navigation, the drawer and the tab bar show them (spec §2). */
export const mainNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/photos', label: 'Photos', icon: PhotosIcon },
  { to: '/events', label: 'Events', icon: EventsIcon },
  { to: '/chat', label: 'Chat', icon: ChatIcon, badge: UnreadChatBadge },
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
