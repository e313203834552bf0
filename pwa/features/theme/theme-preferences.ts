import {
  colorThemes,
  defaultTextSize,
  textSizes,
  themeModes,
  themeStorageKeys,
  type ColorTheme,
  type TextSize,
  type ThemeMode,
} from '../../../schema/theme.ts';
import type { ResolvedMode } from '../../ui/palette.ts';

/**
 * Theme preferences as stored in the browser, with the keys and values of schema/theme.ts. index.html's first-paint
 * script cannot import them and repeats them; index-html.test.ts checks it agrees.
 */

export type ThemePreferences = { mode: ThemeMode; colorTheme: ColorTheme; textSize: TextSize };

/**
 * Hearth follows the device's light or dark setting until the person chooses one (a phone kept light does not open on
 * a dark screen), in purple, at normal text size.
 */
export const defaultThemePreferences: ThemePreferences = { mode: 'system', colorTheme: 'purple', textSize: defaultTextSize };

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** Reads what was saved, falling back to the default for anything missing or unrecognised. */
export function readThemePreferences(read: (key: string) => string | null): ThemePreferences {
  return {
    mode: oneOf(themeModes, read(themeStorageKeys.mode), defaultThemePreferences.mode),
    colorTheme: oneOf(colorThemes, read(themeStorageKeys.color), defaultThemePreferences.colorTheme),
    textSize: oneOf(textSizes, read(themeStorageKeys.textSize), defaultThemePreferences.textSize),
  };
}

/** "System" becomes whatever the device is showing right now. */
export function resolveMode(mode: ThemeMode, devicePrefersDark: boolean): ResolvedMode {
  if (mode === 'system') return devicePrefersDark ? 'dark' : 'light';
  return mode;
}
