import { describe, expect, it } from 'vitest';
import { brandColors, browserThemeColor, colorThemeNames, neutralColors, type ResolvedMode } from './palette.ts';
import { contrast, rgbFromHsl } from './testing/contrast.ts';

const modes: ResolvedMode[] = ['dark', 'light'];

describe('palette contrast (WCAG 2.2 AA)', () => {
  it('measures the way WCAG does', () => {
    expect(contrast('hsl(0 0% 0%)', 'hsl(0 0% 100%)')).toBeCloseTo(21, 5);
    expect(contrast('hsl(0 0% 46.7%)', 'hsl(0 0% 100%)')).toBeCloseTo(4.5, 1);
  });

  for (const mode of modes) {
    const neutral = neutralColors[mode];
    const surfaces = [neutral.background, neutral.surface, neutral.surfaceRaised, neutral.surfaceSunken];

    it(`${mode}: body and muted text are readable on every surface`, () => {
      for (const surface of surfaces) {
        expect(contrast(neutral.text, surface)).toBeGreaterThanOrEqual(7);
        expect(contrast(neutral.textMuted, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(neutral.danger, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(neutral.success, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(neutral.borderStrong, surface)).toBeGreaterThanOrEqual(3);
      }
      expect(contrast(neutral.dangerForeground, neutral.danger)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(neutral.danger, neutral.dangerSoft)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(neutral.text, neutral.dangerSoft)).toBeGreaterThanOrEqual(4.5);
    });

    for (const theme of colorThemeNames) {
      it(`${mode} ${theme}: button labels, links, highlights and focus rings meet AA`, () => {
        const brand = brandColors(theme, mode);
        expect(contrast(brand.primaryForeground, brand.primary)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(brand.accentForeground, brand.accent)).toBeGreaterThanOrEqual(4.5);
        for (const surface of [...surfaces, brand.primarySoft]) {
          expect(contrast(brand.primaryText, surface)).toBeGreaterThanOrEqual(4.5);
          expect(contrast(brand.focusRing, surface)).toBeGreaterThanOrEqual(3);
        }
        expect(contrast(neutral.text, brand.primarySoft)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it('keeps the spec colour themes exactly', () => {
    expect(brandColors('purple', 'dark')).toMatchObject({ primary: 'hsl(267 84% 64%)', accent: 'hsl(280 100% 70%)' });
    expect(brandColors('orange', 'light')).toMatchObject({ primary: 'hsl(25 95% 63%)', accent: 'hsl(39 100% 60%)' });
    expect(brandColors('pink', 'dark')).toMatchObject({ primary: 'hsl(330 81% 60%)', accent: 'hsl(340 82% 65%)' });
    expect(brandColors('blue', 'light')).toMatchObject({ primary: 'hsl(246 83% 57%)', accent: 'hsl(220 91% 60%)' });
  });

  it('paints the browser chrome with the page background', () => {
    const hex = (value: string) =>
      `#${rgbFromHsl(value)
        .map((channel) =>
          Math.round(channel * 255)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    expect(browserThemeColor.dark).toBe(hex(neutralColors.dark.background));
    expect(browserThemeColor.light).toBe(hex(neutralColors.light.background));
  });
});
