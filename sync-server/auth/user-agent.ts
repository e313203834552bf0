/**
 * What a browser's User-Agent says, in words a person recognises on the list of their signed-in devices: the
 * browser, the system and the kind of device. Only the common cases are told apart; the rest is "A browser".
 */
export type DeviceDescription = { browser: string; system: string; kind: 'phone' | 'tablet' | 'computer' };

const browsers: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const systems: [RegExp, string, DeviceDescription['kind']][] = [
  [/iPhone/, 'iPhone', 'phone'],
  [/iPad/, 'iPad', 'tablet'],
  [/Android.*Mobile/, 'Android phone', 'phone'],
  [/Android/, 'Android tablet', 'tablet'],
  [/CrOS/, 'Chromebook', 'computer'],
  [/Windows/, 'Windows', 'computer'],
  [/Macintosh|Mac OS X/, 'Mac', 'computer'],
  [/Linux/, 'Linux', 'computer'],
];

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const agent = userAgent ?? '';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? 'A browser';
  const [, system = 'an unknown device', kind = 'computer'] = systems.find(([pattern]) => pattern.test(agent)) ?? [];
  return { browser, system, kind };
}
