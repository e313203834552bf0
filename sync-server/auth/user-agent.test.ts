import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('what a User-Agent says', () => {
  it('names the common browsers, systems and kinds of device', () => {
    const cases: [string, string, string, string][] = [
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari',
        'iPhone',
        'phone',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome',
        'Android phone',
        'phone',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge',
        'Windows',
        'computer',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox', 'Mac', 'computer'],
      [
        'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
        'Samsung Internet',
        'Android tablet',
        'tablet',
      ],
    ];
    for (const [agent, browser, system, kind] of cases) {
      expect(describeUserAgent(agent), agent).toEqual({ browser, system, kind });
    }
  });

  it('says little when it knows little', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'A browser', system: 'an unknown device', kind: 'computer' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'A browser', system: 'an unknown device', kind: 'computer' });
  });
});
