import { style } from '@vanilla-extract/css';
import { visuallyHiddenRules } from '../../ui/visually-hidden.css.ts';
import { vars } from '../../ui/theme.css.ts';

export const panel = style({ display: 'grid', gap: vars.space.xs, padding: vars.space.sm });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  paddingInlineStart: vars.space.sm,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, whiteSpace: 'nowrap' });

export const empty = style({ margin: 0, padding: vars.space.md, color: vars.color.textMuted });

export const list = style({ display: 'grid', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' });

export const day = style({
  padding: `${vars.space.sm} ${vars.space.sm} 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const item = style({
  display: 'grid',
  gap: vars.space.xxs,
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  position: 'relative',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&[data-unread]': { background: vars.color.surfaceSunken },
    '&[data-unread]:hover': { background: vars.color.primarySoft },
    '&[data-unread]::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: vars.space.sm,
      insetBlockStart: '1.05rem',
      width: '0.5rem',
      height: '0.5rem',
      borderRadius: vars.radius.pill,
      background: vars.color.primary,
    },
  },
});

export const itemTitle = style({ fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.tight });

/** Said to screen readers; the eye sees the dot before the item. */
export const unreadWord = style(visuallyHiddenRules);

export const quote = style({
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
});

export const time = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
