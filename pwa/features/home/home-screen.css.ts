import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 17rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** The whole card is the link, so the touch target is the card. */
export const cardLink = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  height: '100%',
  color: 'inherit',
  textDecoration: 'none',
  transition: 'border-color 150ms ease, transform 150ms ease, box-shadow 150ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, transform: 'translateY(-2px)', boxShadow: vars.shadow.lg },
  },
});

export const cardIcon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
});

export const cardText = style({ display: 'grid', gap: vars.space.xs, flex: 1, minWidth: 0 });

export const cardTitle = style({ fontSize: vars.fontSize.lg });

export const cardDescription = style({ color: vars.color.textMuted });

export const cardArrow = style({ color: vars.color.textMuted, alignSelf: 'center' });

export const hearthNote = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
});
