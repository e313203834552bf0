import { describe, expect, it } from 'vitest';
import { readThemePreferences, resolveMode } from './theme-preferences.ts';

describe('resolveMode', () => {
  it('follows the device when set to system', () => {
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
  });

  it('ignores the device when a mode was chosen', () => {
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
  });
});

describe('readThemePreferences', () => {
  it('follows the device, purple and normal-sized when nothing was saved', () => {
    expect(readThemePreferences(() => null)).toEqual({ mode: 'system', colorTheme: 'purple', textSize: 'normal' });
  });

  it('restores what was saved under the hearth keys', () => {
    const saved: Record<string, string> = {
      'hearth-theme': 'system',
      'hearth-color-theme': 'orange',
      'hearth-text-size': 'large',
    };
    expect(readThemePreferences((key) => saved[key] ?? null)).toEqual({
      mode: 'system',
      colorTheme: 'orange',
      textSize: 'large',
    });
  });

  it('falls back per value when one is unrecognised', () => {
    const saved: Record<string, string> = { 'hearth-theme': 'sepia', 'hearth-color-theme': 'blue' };
    expect(readThemePreferences((key) => saved[key] ?? null)).toEqual({
      mode: 'system',
      colorTheme: 'blue',
      textSize: 'normal',
    });
  });
});
