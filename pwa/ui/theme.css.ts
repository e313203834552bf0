import { createThemeContract, globalStyle } from '@vanilla-extract/css';
import {
  brandColors,
  colorThemeNames,
  neutralColors,
  type BrandColors,
  type ColorThemeName,
  type NeutralColors,
  type ResolvedMode,
} from './palette.ts';

/**
 * The design tokens every style reads. Values are assigned on <html> from the data attributes the first-paint
 * script in index.html sets (data-mode, data-color, data-text-size), so switching theme is one attribute change and
 * never a re-render of styles.
 */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    surfaceSunken: null,
    text: null,
    textMuted: null,
    border: null,
    borderStrong: null,
    danger: null,
    dangerForeground: null,
    dangerSoft: null,
    success: null,
    overlay: null,
    primary: null,
    primaryForeground: null,
    accent: null,
    accentForeground: null,
    primaryText: null,
    primarySoft: null,
    focusRing: null,
  },
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  radius: { sm: null, md: null, lg: null, xl: null, pill: null },
  fontSize: { sm: null, md: null, lg: null, xl: null, xxl: null, display: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, body: null },
  shadow: { sm: null, md: null, lg: null },
  font: { body: null },
  size: { touchTarget: null, contentWidth: null, narrowWidth: null },
});

type ColorRole = keyof typeof vars.color;

function colorVars(values: Partial<Record<ColorRole, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([role, value]) => [vars.color[role as ColorRole], value]));
}

const shadows: Record<ResolvedMode, Record<keyof typeof vars.shadow, string>> = {
  dark: {
    sm: '0 1px 2px hsl(285 40% 2% / 0.5)',
    md: '0 2px 4px hsl(285 40% 2% / 0.35), 0 8px 24px hsl(285 40% 2% / 0.35)',
    lg: '0 4px 8px hsl(285 40% 2% / 0.4), 0 18px 48px hsl(285 40% 2% / 0.5)',
  },
  light: {
    sm: '0 1px 2px hsl(30 30% 30% / 0.08)',
    md: '0 1px 3px hsl(30 30% 30% / 0.08), 0 8px 24px hsl(30 30% 30% / 0.08)',
    lg: '0 4px 10px hsl(30 30% 30% / 0.08), 0 20px 48px hsl(30 30% 30% / 0.14)',
  },
};

function modeVars(mode: ResolvedMode): Record<string, string> {
  const neutral: NeutralColors = neutralColors[mode];
  return {
    ...colorVars(neutral),
    [vars.shadow.sm]: shadows[mode].sm,
    [vars.shadow.md]: shadows[mode].md,
    [vars.shadow.lg]: shadows[mode].lg,
  };
}

function brandVars(theme: ColorThemeName, mode: ResolvedMode): Record<string, string> {
  const brand: BrandColors = brandColors(theme, mode);
  return colorVars(brand);
}

/**
 * Sizes are in rem so the text size setting, which only changes the root font size, scales type, spacing and touch
 * targets together. The larger spaces stop growing at a share of the screen's width: on a 320 px phone with the
 * largest text, margins and padding of 1.5 times their size would leave the words no room.
 */
globalStyle(':root', {
  colorScheme: 'dark',
  vars: {
    ...modeVars('dark'),
    ...brandVars('purple', 'dark'),
    [vars.space.xxs]: '0.125rem',
    [vars.space.xs]: '0.25rem',
    [vars.space.sm]: '0.5rem',
    [vars.space.md]: 'min(1rem, 5vw)',
    [vars.space.lg]: 'min(1.5rem, 6vw)',
    [vars.space.xl]: 'min(2rem, 8vw)',
    [vars.space.xxl]: 'min(3rem, 10vw)',
    [vars.space.xxxl]: 'min(4.5rem, 14vw)',
    [vars.radius.sm]: '0.5rem',
    [vars.radius.md]: '0.875rem',
    [vars.radius.lg]: '1.25rem',
    [vars.radius.xl]: '1.75rem',
    [vars.radius.pill]: '999px',
    [vars.fontSize.sm]: '0.875rem',
    [vars.fontSize.md]: '1rem',
    [vars.fontSize.lg]: '1.125rem',
    [vars.fontSize.xl]: '1.375rem',
    [vars.fontSize.xxl]: '1.75rem',
    [vars.fontSize.display]: 'clamp(1.875rem, 1.4rem + 2vw, 2.5rem)',
    [vars.fontWeight.regular]: '400',
    [vars.fontWeight.medium]: '500',
    [vars.fontWeight.semibold]: '600',
    [vars.fontWeight.bold]: '700',
    [vars.lineHeight.tight]: '1.25',
    [vars.lineHeight.body]: '1.6',
    [vars.font.body]:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    [vars.size.touchTarget]: 'max(44px, 2.75rem)',
    [vars.size.contentWidth]: '72rem',
    [vars.size.narrowWidth]: '30rem',
  },
});

globalStyle(':root[data-mode="light"]', {
  colorScheme: 'light',
  vars: { ...modeVars('light'), ...brandVars('purple', 'light') },
});

/**
 * Dark colour themes at two attributes, light ones at three: the light-and-colour rule always outranks both the
 * plain light rule and the dark colour rule, whatever order the CSS arrives in.
 */
for (const theme of colorThemeNames) {
  globalStyle(`:root[data-color="${theme}"]`, { vars: brandVars(theme, 'dark') });
  globalStyle(`:root[data-mode="light"][data-color="${theme}"]`, { vars: brandVars(theme, 'light') });
}

/**
 * About 17 px body text by default; Larger text makes it 21 px, Largest 25 px (1.25 and 1.5 times: a step an older
 * reader notices). Percentages keep the browser's own setting, so both multiply it.
 */
globalStyle(':root', { fontSize: '106.25%' });
globalStyle(':root[data-text-size="large"]', { fontSize: '131.25%' });
globalStyle(':root[data-text-size="largest"]', { fontSize: '156.25%' });
