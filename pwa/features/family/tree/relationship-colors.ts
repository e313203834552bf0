import type { RelationshipChoice } from '../../../../schema/choices.ts';
import type { ResolvedMode } from '../../../ui/palette.ts';

/** A group's colours in one mode: `ink` for its stripe and badge text, `soft` behind the badge. */
export type GroupColors = { ink: string; soft: string };

/**
 * One hue per relationship group, 19 steps of the colour wheel. Neighbouring groups in the tree's order sit about
 * 150° apart, so Grandmothers never look like Grandfathers. Each hue's ink lightness is the one that keeps it at
 * WCAG AA (4.5:1) on every surface and on its own tint, in both modes (relationship-colors.test.ts measures it):
 * yellow and green need to be darker in light mode than blue and purple do.
 */
const groupTones: Record<RelationshipChoice, { hue: number; lightInk: number; darkInk: number }> = {
  grandparent: { hue: 0, lightInk: 45, darkInk: 69 },
  grandmother: { hue: 152, lightInk: 28, darkInk: 55 },
  grandfather: { hue: 303, lightInk: 41, darkInk: 65 },
  parent: { hue: 95, lightInk: 28, darkInk: 55 },
  mother: { hue: 246, lightInk: 50, darkInk: 73 },
  father: { hue: 38, lightInk: 33, darkInk: 55 },
  spouse: { hue: 189, lightInk: 31, darkInk: 55 },
  partner: { hue: 341, lightInk: 45, darkInk: 68 },
  sibling: { hue: 133, lightInk: 29, darkInk: 55 },
  brother: { hue: 284, lightInk: 47, darkInk: 69 },
  sister: { hue: 76, lightInk: 27, darkInk: 55 },
  child: { hue: 227, lightInk: 50, darkInk: 70 },
  son: { hue: 19, lightInk: 40, darkInk: 62 },
  daughter: { hue: 171, lightInk: 28, darkInk: 55 },
  grandchild: { hue: 322, lightInk: 43, darkInk: 67 },
  grandson: { hue: 114, lightInk: 29, darkInk: 55 },
  granddaughter: { hue: 265, lightInk: 50, darkInk: 71 },
  creator: { hue: 57, lightInk: 27, darkInk: 55 },
  other: { hue: 208, lightInk: 40, darkInk: 62 },
};

export function relationshipColors(type: RelationshipChoice, mode: ResolvedMode): GroupColors {
  const { hue, lightInk, darkInk } = groupTones[type];
  return mode === 'light'
    ? { ink: `hsl(${hue} 70% ${lightInk}%)`, soft: `hsl(${hue} 70% 94%)` }
    : { ink: `hsl(${hue} 75% ${darkInk}%)`, soft: `hsl(${hue} 30% 20%)` };
}
