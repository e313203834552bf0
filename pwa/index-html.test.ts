import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { homeSnapshotStorageKey, signedInCopyStorageKey, themeStorageKeys } from '../schema/theme.ts';
import type { HomeSnapshot } from './lib/home-snapshot.ts';
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
  it('has its two inline scripts, and no inline styles or event handlers (the CSP allows only those hashes)', () => {
    expect(inlineScripts).toHaveLength(2);
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

  it('follows the device, purple at normal size, on a first visit', () => {
    expect(firstPaint({ prefersDark: false })).toEqual({
      attributes: { 'data-mode': 'light', 'data-color': 'purple', 'data-text-size': 'normal' },
      themeColor: browserThemeColor.light,
    });
    expect(firstPaint({ prefersDark: true }).attributes['data-mode']).toBe('dark');
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
    expect(firstPaint({ saved, prefersDark: true }).attributes).toMatchObject({ 'data-mode': 'dark', 'data-color': 'purple' });
  });

  it('leaves the defaults in the markup when storage is blocked', () => {
    expect(firstPaint({ storageThrows: true })).toEqual({ attributes: {}, themeColor: undefined });
    expect(html).toContain('<html lang="en" data-mode="dark" data-color="purple" data-text-size="normal">');
  });
});

type FakeElement = {
  tagName: string;
  attributes: Record<string, string>;
  hidden?: boolean;
  innerHTML?: string;
  id?: string;
  href?: string;
  removed?: boolean;
  onload?: () => void;
  onerror?: () => void;
  setAttribute(name: string, value: string): void;
  remove(): void;
};

type Start = {
  saved?: Record<string, string>;
  path?: string;
  entry?: string;
  linked?: string[];
  storageThrows?: boolean;
};

const build = '/assets/index-abc.js';
const person = JSON.stringify({ id: 'grandma' });
const snapshot: HomeSnapshot = {
  userId: 'grandma',
  build,
  styles: ['/assets/app-core.css', '/assets/feed.css'],
  html: '<article>Sunday lunch at ours!</article>',
};

/** Runs the home snapshot script against a pretend page: what it laid over the page, the style sheets it added. */
function startAt({ saved = {}, path = '/', entry = build, linked = ['/assets/app-core.css'], storageThrows }: Start) {
  const added: FakeElement[] = [];
  const timers: (() => void)[] = [];
  const element = (tagName: string): FakeElement => ({
    tagName,
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    remove() {
      this.removed = true;
    },
  });
  runInNewContext(inlineScripts[1] ?? '', {
    location: { pathname: path },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return saved[key] ?? null;
      },
    },
    document: {
      querySelector: (selector: string) => {
        if (selector === 'script[type="module"][src]') return { getAttribute: () => entry };
        return linked.some((href) => selector === `link[rel="stylesheet"][href="${href}"]`) ? {} : null;
      },
      createElement: element,
      head: { appendChild: (child: FakeElement) => added.push(child) },
      body: { appendChild: (child: FakeElement) => added.push(child) },
    },
    setTimeout: (run: () => void) => timers.push(run),
  });
  const picture = added.find((child) => child.tagName === 'div');
  const styles = added.filter((child) => child.tagName === 'link');
  return { picture, styles, timeout: () => timers.forEach((run) => run()) };
}

const signedInWithSnapshot = { [signedInCopyStorageKey]: person, [homeSnapshotStorageKey]: JSON.stringify(snapshot) };

describe('index.html, the picture of the home', () => {
  it('lays the last home over the page, inert and hidden from screen readers, once its missing styles are in', () => {
    const { picture, styles } = startAt({ saved: signedInWithSnapshot });
    expect(picture).toMatchObject({
      id: 'home-snapshot',
      hidden: true,
      innerHTML: `<div inert>${snapshot.html}</div>`,
    });
    expect(picture?.attributes['aria-hidden']).toBe('true');
    expect(styles.map((link) => link.href)).toEqual(['/assets/feed.css']);
    styles[0]?.onload?.();
    expect(picture?.hidden).toBe(false);
  });

  it('shows it at once when the page already links every style it needs', () => {
    const { picture, styles } = startAt({ saved: signedInWithSnapshot, linked: snapshot.styles });
    expect(styles).toEqual([]);
    expect(picture?.hidden).toBe(false);
  });

  it('takes it away when a style cannot be had, and after 4 s whatever happens', () => {
    const failed = startAt({ saved: signedInWithSnapshot });
    failed.styles[0]?.onerror?.();
    expect(failed.picture?.removed).toBe(true);
    const shown = startAt({ saved: signedInWithSnapshot, linked: snapshot.styles });
    expect(shown.picture?.removed).toBeUndefined();
    shown.timeout();
    expect(shown.picture?.removed).toBe(true);
  });

  it('shows nothing to someone else, from another build, at another address, or without storage', () => {
    const someoneElse = { ...signedInWithSnapshot, [signedInCopyStorageKey]: JSON.stringify({ id: 'grandson' }) };
    expect(startAt({ saved: someoneElse }).picture).toBeUndefined();
    expect(
      startAt({ saved: { [homeSnapshotStorageKey]: signedInWithSnapshot[homeSnapshotStorageKey] } }).picture,
    ).toBeUndefined();
    expect(startAt({ saved: signedInWithSnapshot, entry: '/assets/index-new.js' }).picture).toBeUndefined();
    expect(startAt({ saved: signedInWithSnapshot, path: '/chat' }).picture).toBeUndefined();
    expect(startAt({ saved: { [signedInCopyStorageKey]: person } }).picture).toBeUndefined();
    expect(startAt({ saved: signedInWithSnapshot, storageThrows: true }).picture).toBeUndefined();
  });
});
