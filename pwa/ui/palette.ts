/**
 * Every colour Hearth paints with, as plain data. The stylesheet (theme.css.ts) assigns these to the theme contract,
 * and palette.test.ts measures them, so a colour change that breaks WCAG AA contrast fails the tests instead of
 * reaching someone's grandmother.
 */

export type ResolvedMode = 'light' | 'dark';
export type { ColorTheme as ColorThemeName } from '../../schema/theme.ts';
import type { ColorTheme as ColorThemeName } from '../../schema/theme.ts';

/** Colours that depend only on light or dark mode. */
export type NeutralColors = {
  background: string;
  surface: string;
  surfaceRaised: string;
  /** Inputs sit slightly below the card they are on. */
  surfaceSunken: string;
  text: string;
  textMuted: string;
  /** Decorative dividers and card edges; never the only thing that shows a control. */
  border: string;
  /** Input and switch outlines: at least 3:1 against the surfaces (WCAG 1.4.11). */
  borderStrong: string;
  danger: string;
  dangerForeground: string;
  dangerSoft: string;
  success: string;
  overlay: string;
};

/** Colours that depend on the chosen colour theme and on the mode. */
export type BrandColors = {
  /** The spec's exact HSL value, used as a fill. */
  primary: string;
  primaryForeground: string;
  accent: string;
  accentForeground: string;
  /** Primary-hued text that stays readable on the background and every surface. */
  primaryText: string;
  /** A quiet tint for highlights such as the current page in the navigation. */
  primarySoft: string;
  focusRing: string;
};

export const neutralColors: Record<ResolvedMode, NeutralColors> = {
  dark: {
    background: 'hsl(285 22% 7%)',
    surface: 'hsl(285 18% 11%)',
    surfaceRaised: 'hsl(285 15% 15%)',
    surfaceSunken: 'hsl(285 20% 8.5%)',
    text: 'hsl(35 40% 94%)',
    textMuted: 'hsl(290 12% 74%)',
    border: 'hsl(285 12% 21%)',
    borderStrong: 'hsl(285 9% 50%)',
    danger: 'hsl(4 88% 72%)',
    dangerForeground: 'hsl(270 50% 5%)',
    dangerSoft: 'hsl(4 40% 18%)',
    success: 'hsl(150 50% 62%)',
    overlay: 'hsl(285 35% 3% / 0.72)',
  },
  light: {
    background: 'hsl(36 45% 96%)',
    surface: 'hsl(40 60% 99%)',
    surfaceRaised: 'hsl(0 0% 100%)',
    surfaceSunken: 'hsl(36 40% 97.5%)',
    text: 'hsl(285 25% 12%)',
    textMuted: 'hsl(285 8% 36%)',
    border: 'hsl(32 22% 87%)',
    borderStrong: 'hsl(30 8% 50%)',
    danger: 'hsl(356 72% 42%)',
    dangerForeground: 'hsl(0 0% 100%)',
    dangerSoft: 'hsl(356 80% 96%)',
    success: 'hsl(150 60% 27%)',
    overlay: 'hsl(285 25% 10% / 0.45)',
  },
};

/** Text on a light fill: near-black plum rather than pure black, so it stays warm. */
const inkOnLight = 'hsl(270 50% 5%)';
const inkOnDark = 'hsl(0 0% 100%)';

/** The spec's colour themes (§9): primary and accent exactly as given. */
const specColors: Record<ColorThemeName, { primary: string; accent: string }> = {
  purple: { primary: 'hsl(267 84% 64%)', accent: 'hsl(280 100% 70%)' },
  orange: { primary: 'hsl(25 95% 63%)', accent: 'hsl(39 100% 60%)' },
  pink: { primary: 'hsl(330 81% 60%)', accent: 'hsl(340 82% 65%)' },
  blue: { primary: 'hsl(246 83% 57%)', accent: 'hsl(220 91% 60%)' },
};

/**
 * Only blue is dark enough for white text; on the other three a white label falls below 4.5:1 (purple 4.2, pink 3.6,
 * orange 2.3), so their buttons carry dark ink instead.
 */
const primaryForeground: Record<ColorThemeName, string> = {
  purple: inkOnLight,
  orange: inkOnLight,
  pink: inkOnLight,
  blue: inkOnDark,
};

const modeSpecific: Record<ColorThemeName, Record<ResolvedMode, { primaryText: string; primarySoft: string }>> = {
  purple: {
    dark: { primaryText: 'hsl(267 95% 80%)', primarySoft: 'hsl(267 32% 21%)' },
    light: { primaryText: 'hsl(267 62% 45%)', primarySoft: 'hsl(267 85% 95%)' },
  },
  orange: {
    dark: { primaryText: 'hsl(28 95% 68%)', primarySoft: 'hsl(25 35% 18%)' },
    light: { primaryText: 'hsl(22 90% 32%)', primarySoft: 'hsl(30 95% 93%)' },
  },
  pink: {
    dark: { primaryText: 'hsl(330 90% 78%)', primarySoft: 'hsl(330 32% 20%)' },
    light: { primaryText: 'hsl(330 72% 38%)', primarySoft: 'hsl(330 85% 95%)' },
  },
  blue: {
    dark: { primaryText: 'hsl(232 100% 82%)', primarySoft: 'hsl(240 35% 22%)' },
    light: { primaryText: 'hsl(246 70% 50%)', primarySoft: 'hsl(240 90% 96%)' },
  },
};

export function brandColors(theme: ColorThemeName, mode: ResolvedMode): BrandColors {
  const { primary, accent } = specColors[theme];
  const { primaryText, primarySoft } = modeSpecific[theme][mode];
  return {
    primary,
    primaryForeground: primaryForeground[theme],
    accent,
    accentForeground: inkOnLight,
    primaryText,
    primarySoft,
    focusRing: primaryText,
  };
}

export { colorThemes as colorThemeNames } from '../../schema/theme.ts';

/**
 * The browser chrome colour (meta theme-color) per mode: the page background. index.html's first-paint script
 * carries the same two values as hex, because it runs before any module can be imported.
 */
export const browserThemeColor: Record<ResolvedMode, string> = {
  dark: '#140e16',
  light: '#f9f6f0',
};
