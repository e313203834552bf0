import { describe, expect, it } from 'vitest';
import { brandColors, browserThemeColor, colorThemeNames, neutralColors, type ResolvedMode } from './palette.ts';

/** WCAG 2.x relative luminance and contrast ratio, from an `hsl(h s% l%)` string. */
function rgbFromHsl(value: string): [number, number, number] {
  const match = /^hsl\(([\d.]+) ([\d.]+)% ([\d.]+)%\)$/.exec(value);
  if (!match) throw new Error(`Not an opaque hsl() colour: ${value}`);
  const [hue, saturation, lightness] = [Number(match[1]), Number(match[2]) / 100, Number(match[3]) / 100];
  const chroma = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

function luminance(value: string): number {
  const linear = (channel: number) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  const [red, green, blue] = rgbFromHsl(value).map(linear) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

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
