/**
 * Where a person who once said no to Hearth's notifications says yes again: only the browser's own settings can, and
 * "the site's settings" means nothing to someone who has never seen them. Said for the browser they are holding,
 * from its user agent; a browser not known here gets the way most browsers share.
 */
export function whereToAllowNotifications(userAgent: string, appleMobile: boolean): string {
  if (appleMobile) {
    return 'Open the Settings app, tap Notifications, then Hearth, and turn on Allow Notifications.';
  }
  if (/Android/.test(userAgent)) {
    return 'Tap the icon at the left of the address bar, then Permissions (or Site settings), and allow Notifications.';
  }
  if (/Firefox\//.test(userAgent)) {
    return 'Click the icon at the left of the address bar, and remove the block beside Send Notifications.';
  }
  if (/Chrome\/|Edg\//.test(userAgent)) {
    return 'Click the icon at the left of the address bar, and set Notifications to Allow.';
  }
  if (/Safari\//.test(userAgent)) {
    return 'In the Safari menu, choose Settings, then Websites, then Notifications, and set this site to Allow.';
  }
  return "Open this site's settings from the icon at the left of the address bar, and allow Notifications.";
}
