import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const made = style({ display: 'grid', gap: vars.space.md, justifyItems: 'stretch' });

/** Large enough for a tablet's camera across a room's width of arm, never wider than the dialog. */
export const qrCode = style({
  justifySelf: 'center',
  width: 'min(100%, 16rem)',
  height: 'auto',
  borderRadius: vars.radius.md,
});

export const hint = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

export const frameName = style({ fontWeight: vars.fontWeight.semibold });
