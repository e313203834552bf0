import { describe, expect, it } from 'vitest';
import { relationshipTypes } from '../../../../schema/choices.ts';
import { neutralColors, type ResolvedMode } from '../../../ui/palette.ts';
import { contrast } from '../../../ui/testing/contrast.ts';
import { relationshipColors } from './relationship-colors.ts';

const modes: ResolvedMode[] = ['dark', 'light'];

const hueOf = (color: string) => /^hsl\(([\d.]+) /.exec(color)?.[1];

describe('relationship group colours', () => {
  it('gives each of the 19 groups its own hue, the same in both modes', () => {
    const hues = relationshipTypes.map((type) => hueOf(relationshipColors(type, 'light').ink));
    expect(new Set(hues).size).toBe(19);
    expect(relationshipTypes.map((type) => hueOf(relationshipColors(type, 'dark').soft))).toEqual(hues);
  });

  for (const mode of modes) {
    const neutral = neutralColors[mode];
    const surfaces = [neutral.background, neutral.surface, neutral.surfaceRaised, neutral.surfaceSunken];

    it(`${mode}: every group's badge text and stripe meet WCAG AA on every surface and on its own tint`, () => {
      for (const type of relationshipTypes) {
        const { ink, soft } = relationshipColors(type, mode);
        for (const background of [...surfaces, soft]) {
          expect(contrast(ink, background), `${type} ink on ${background}`).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrast(neutral.text, soft), `${type} body text on its tint`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
