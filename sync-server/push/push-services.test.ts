import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-services.ts';

describe('which push endpoints the server sends to', () => {
  it('takes the public push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses anything else: http, private and local addresses, look-alike hosts, other ports, credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('takes a configured local push service (tests) by its exact origin', () => {
    expect(isPushServiceEndpoint('http://localhost:8090/notify/abc', ['http://localhost:8090'])).toBe(true);
    expect(isPushServiceEndpoint('http://localhost:8091/notify/abc', ['http://localhost:8090'])).toBe(false);
  });
});
