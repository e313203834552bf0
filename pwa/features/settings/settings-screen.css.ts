import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { brandColors, colorThemeNames, type ColorThemeName } from '../../ui/palette.ts';
import { pulsing } from '../../ui/skeleton.css.ts';
import { vars } from '../../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space.md });

export const sectionHeading = style({ display: 'grid', gap: vars.space.xxs });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const sectionLead = style({ color: vars.color.textMuted });

export const switchList = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Switches named by the families' names: a name longer than the line breaks where it is. */
export const familySwitchList = style([switchList]);
globalStyle(`${familySwitchList} label`, { overflowWrap: 'anywhere' });

export const switchItem = style({
  selectors: { '& + &': { borderBlockStart: `1px solid ${vars.color.border}` } },
});

export const profileSummary = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const profileText = style({ display: 'grid', flex: '1 1 12rem', minWidth: 0 });

export const profileName = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const email = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Each colour theme's own primary and accent, whatever theme is active, so the choice can be seen before it is made. */
function swatchStyle(theme: ColorThemeName) {
  const { primary, accent } = brandColors(theme, 'dark');
  return { background: `linear-gradient(135deg, ${primary} 0 50%, ${accent} 50% 100%)` };
}

const swatchBase = style({
  flexShrink: 0,
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: '50%',
  boxShadow: `inset 0 0 0 1px hsl(0 0% 100% / 0.25), ${vars.shadow.sm}`,
});

export const swatch = styleVariants(
  Object.fromEntries(colorThemeNames.map((theme) => [theme, swatchStyle(theme)])) as Record<
    ColorThemeName,
    ReturnType<typeof swatchStyle>
  >,
  (variant) => [swatchBase, variant],
);

export const skeletonRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: '4.5rem',
});

export const skeletonText = style({ display: 'grid', gap: vars.space.xs, flex: 1 });

const skeletonBlock = style([pulsing, { borderRadius: vars.radius.pill, background: vars.color.surfaceRaised }]);

export const skeletonLine = styleVariants({
  long: [skeletonBlock, { height: '0.875rem', width: 'min(14rem, 70%)' }],
  short: [skeletonBlock, { height: '0.75rem', width: 'min(20rem, 90%)' }],
  toggle: [skeletonBlock, { height: '1.875rem', width: '3.25rem', flexShrink: 0 }],
});

export const loadError = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  color: vars.color.textMuted,
});

/** "Aa" at each text size's scale, in the same box, so the three tiles line up. */
const textSizeSampleBase = style({
  display: 'inline-grid',
  placeItems: 'center',
  height: '1.75rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

export const textSizeSample = styleVariants({
  normal: [textSizeSampleBase, { fontSize: '1rem' }],
  large: [textSizeSampleBase, { fontSize: '1.25rem' }],
  largest: [textSizeSampleBase, { fontSize: '1.5rem' }],
});

/** A titled group inside a section (the families, the email digest), titled like the tile groups' legends. */
export const group = style({ display: 'grid' });

export const groupTitle = style({
  margin: 0,
  marginBlockEnd: vars.space.xs,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const groupHint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const deleteForm = style({ display: 'grid', gap: vars.space.md });

export const deleteRefusal = style({ margin: 0, color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

export const progress = style({
  inlineSize: '100%',
  blockSize: '0.75rem',
  marginBlockStart: vars.space.sm,
  accentColor: vars.color.primary,
});

export const deviceRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  color: vars.color.textMuted,
});

export const deviceText = style({ flex: '1 1 auto', minWidth: 0, color: vars.color.text });
