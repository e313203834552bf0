/**
 * Theme preferences live in the browser (product.md §3): these keys and values are read before first paint by the
 * inline script in pwa/index.html and by the theme provider. Plain constants without zod, because the app's first
 * download imports them and must stay small.
 */
export const themeModes = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof themeModes)[number];

export const colorThemes = ['purple', 'orange', 'pink', 'blue'] as const;
export type ColorTheme = (typeof colorThemes)[number];

/** Standard, then two steps that matter to older eyes (about 1.25 and 1.5 times: theme.css.ts). */
export const textSizes = ['normal', 'large', 'largest'] as const;
export type TextSize = (typeof textSizes)[number];
/** Where a new account and a device nobody chose on start: the account's settings and the browser's agree. */
export const defaultTextSize: TextSize = 'normal';

export const themeStorageKeys = {
  mode: 'hearth-theme',
  color: 'hearth-color-theme',
  textSize: 'hearth-text-size',
} as const;

/**
 * Where the app keeps its copy of the signed-in person (pwa/features/account/auth-store.ts). The first-paint script
 * in index.html reads it too, to hide a page prerendered for visitors from someone signed in.
 */
export const signedInCopyStorageKey = 'hearth-signed-in-user';

/**
 * Where the app keeps a picture of the home as this device last drew it (pwa/lib/home-snapshot.ts), which the second
 * inline script in index.html lays over the page at the next start.
 */
export const homeSnapshotStorageKey = 'hearth-home-snapshot';
