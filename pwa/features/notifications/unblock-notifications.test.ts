import { describe, expect, it } from 'vitest';
import { whereToAllowNotifications } from './unblock-notifications.ts';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

describe('whereToAllowNotifications', () => {
  it('names the place in the browser the person holds', () => {
    expect(whereToAllowNotifications(agents.chromeWindows, false)).toMatch(/left of the address bar.*Allow/);
    expect(whereToAllowNotifications(agents.edge, false)).toMatch(/left of the address bar.*Allow/);
    expect(whereToAllowNotifications(agents.firefox, false)).toMatch(/Send Notifications/);
    expect(whereToAllowNotifications(agents.safariMac, false)).toMatch(/Safari menu/);
    expect(whereToAllowNotifications(agents.chromeAndroid, false)).toMatch(/^Tap .*Permissions/);
  });

  it('sends an iPhone to the Settings app, where Home Screen apps are allowed', () => {
    expect(whereToAllowNotifications(agents.safariMac, true)).toMatch(/Settings app/);
  });

  it('still says where for a browser it does not know', () => {
    expect(whereToAllowNotifications('SomeBrowser/1.0', false)).toMatch(/address bar/);
  });
});
