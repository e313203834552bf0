import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { relationshipTypes, type RelationshipChoice } from '../../../../schema/choices.ts';
import { vars } from '../../../ui/theme.css.ts';
import * as titledCard from '../titled-card.css.ts';
import { relationshipColors } from './relationship-colors.ts';

const ink = createVar();
const soft = createVar();

/** Sets the group's two colours for the mode on screen; the pieces below paint with them. */
export const groupTone = styleVariants(
  Object.fromEntries(relationshipTypes.map((type) => [type, type])) as Record<RelationshipChoice, RelationshipChoice>,
  (type) => {
    const dark = relationshipColors(type, 'dark');
    const light = relationshipColors(type, 'light');
    return {
      vars: { [ink]: dark.ink, [soft]: dark.soft },
      selectors: { ':root[data-mode="light"] &': { vars: { [ink]: light.ink, [soft]: light.soft } } },
    };
  },
);

export const group = style([titledCard.card, { borderInlineStart: `0.375rem solid ${ink}` }]);

export const count = style({
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: soft,
  color: ink,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.body,
});

export const list = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

/** On a narrow card the Manage button moves under the name rather than squeezing it. */
export const member = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const memberText = style({ display: 'grid', gap: vars.space.xxs, flex: '1 1 9rem', minWidth: 0 });

/** How the member reads to the viewer ("Your father"): under the name, before the quieter details. */
export const relationship = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const detail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const manage = style({ flexShrink: 0, marginInlineStart: 'auto', paddingInline: vars.space.md });

/** A whole touch target, though it reads as a line of text under the name. */
export const photosLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  minHeight: vars.size.touchTarget,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  overflowWrap: 'anywhere',
});
