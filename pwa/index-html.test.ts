import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { signedInCopyStorageKey, themeStorageKeys } from '../schema/theme.ts';
import { browserThemeColor } from './ui/palette.ts';

const html = readFileSync(new URL('./index.html', import.meta.url), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

type Device = { saved?: Record<string, string>; prefersDark?: boolean; storageThrows?: boolean };

/** Runs the first-paint script against a pretend device and returns what it set on <html> and the theme-color. */
function firstPaint({ saved = {}, prefersDark = false, storageThrows = false }: Device) {
  const attributes: Record<string, string> = {};
  const meta: Record<string, string> = {};
  const setter = (target: Record<string, string>) => (name: string, value: string) => {
    target[name] = value;
  };
  runInNewContext(inlineScripts[0] ?? '', {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return saved[key] ?? null;
      },
    },
    window: { matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && prefersDark }) },
    document: {
      documentElement: { setAttribute: setter(attributes) },
      querySelector: (selector: string) =>
        selector === 'meta[name="theme-color"]' ? { setAttribute: setter(meta) } : null,
    },
  });
  return { attributes, themeColor: meta.content };
}

describe('index.html', () => {
  it('has exactly one inline script, and no inline styles or event handlers (the CSP allows only that hash)', () => {
    expect(inlineScripts).toHaveLength(1);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/<style/i);
  });

  it('links the manifest, icons and module entry', () => {
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('href="/icons/icon-192.png"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(html).toContain('<script type="module" src="/main.tsx"></script>');
  });

  it('opens dark and purple at normal size on a first visit', () => {
    expect(firstPaint({})).toEqual({
      attributes: { 'data-mode': 'dark', 'data-color': 'purple', 'data-text-size': 'normal' },
      themeColor: browserThemeColor.dark,
    });
  });

  it('applies what was saved under the theme keys', () => {
    const saved = {
      [themeStorageKeys.mode]: 'light',
      [themeStorageKeys.color]: 'pink',
      [themeStorageKeys.textSize]: 'large',
    };
    expect(firstPaint({ saved })).toEqual({
      attributes: { 'data-mode': 'light', 'data-color': 'pink', 'data-text-size': 'large' },
      themeColor: browserThemeColor.light,
    });
  });

  it('marks a device where someone is signed in, so a page prerendered for visitors stays hidden', () => {
    expect(firstPaint({ saved: { [signedInCopyStorageKey]: '{"id":"x"}' } }).attributes).toHaveProperty('data-signed-in');
    expect(firstPaint({}).attributes).not.toHaveProperty('data-signed-in');
  });

  it('resolves System from the device', () => {
    const saved = { [themeStorageKeys.mode]: 'system' };
    expect(firstPaint({ saved, prefersDark: false }).attributes['data-mode']).toBe('light');
    expect(firstPaint({ saved, prefersDark: true }).attributes['data-mode']).toBe('dark');
  });

  it('ignores values it does not know', () => {
    const saved = { [themeStorageKeys.mode]: 'sepia', [themeStorageKeys.color]: 'green' };
    expect(firstPaint({ saved }).attributes).toMatchObject({ 'data-mode': 'dark', 'data-color': 'purple' });
  });

  it('leaves the defaults in the markup when storage is blocked', () => {
    expect(firstPaint({ storageThrows: true })).toEqual({ attributes: {}, themeColor: undefined });
    expect(html).toContain('<html lang="en" data-mode="dark" data-color="purple" data-text-size="normal">');
  });
});
