import { style } from '@vanilla-extract/css';
import * as notice from '../../../ui/notice.css.ts';
import { vars } from '../../../ui/theme.css.ts';

/** The invitation is a notice (ui/notice.tsx) with more in it: the same centred card, a little wider. */
export const card = style([
  notice.card,
  // One column no wider than the card: a long name or a wide select must wrap, not push past the edge.
  { maxWidth: '32rem', gridTemplateColumns: 'minmax(0, 1fr)' },
]);

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  textWrap: 'balance',
  // On a small phone with large text, the invitation and its buttons share the first screen.
  '@media': { 'screen and (max-width: 24em)': { fontSize: vars.fontSize.xl } },
  overflowWrap: 'anywhere',
});

/** Large, calm sentences: this page is often someone's first sight of Hearth, on a phone. */
export const lead = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.body });

export const muted = style([lead, { color: vars.color.textMuted }]);

export const loading = style([muted, { display: 'inline-flex', alignItems: 'center', gap: vars.space.sm }]);

/** One full-width button per row, easy to hit with a thumb, the main way on first. */
export const actions = style({
  display: 'grid',
  gap: vars.space.sm,
  width: '100%',
  maxWidth: '22rem',
  marginBlockStart: vars.space.sm,
});

export const form = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '22rem',
  marginBlockStart: vars.space.sm,
  textAlign: 'start',
});

export const offlineNote = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  lineHeight: vars.lineHeight.body,
  // Empty, it stays in place (a live region must exist before its news) but takes no room.
  selectors: { '&:empty': { padding: 0 } },
});
