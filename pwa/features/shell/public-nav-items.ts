/** Apart from the signed-in sections (nav-items.ts), whose icons a visitor's first page need not download. */

/** A link in the public header, as a plain path: anchors on the landing page are not routes of their own. */
export type PublicNavItem = { href: string; label: string };

/** Links in the public header besides Download App, Log In and Sign Up (product.md §2). */
export const publicNavItems: readonly PublicNavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/#features', label: 'Features' },
  { href: '/#how-it-works', label: 'How It Works' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
];
