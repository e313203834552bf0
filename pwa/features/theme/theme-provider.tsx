import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { themeStorageKeys, type TextSize, type ThemeMode } from '../../../schema/theme.ts';
import { browserThemeColor, type ColorThemeName, type ResolvedMode } from '../../ui/palette.ts';
import { readThemePreferences, resolveMode, type ThemePreferences } from './theme-preferences.ts';
import { deviceStorage } from '../../lib/device-storage.ts';

type ThemeContextValue = ThemePreferences & {
  /** Light or dark as actually shown, with "system" worked out. */
  resolvedMode: ResolvedMode;
  setMode: (mode: ThemeMode) => void;
  setColorTheme: (colorTheme: ColorThemeName) => void;
  setTextSize: (textSize: TextSize) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToDeviceScheme(onChange: () => void): () => void {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function devicePrefersDarkNow(): boolean {
  return window.matchMedia(darkQuery).matches;
}

/**
 * Holds the theme choices, remembers them under the keys index.html reads before first paint, and mirrors them onto
 * <html> (data-mode, data-color, data-text-size) where the stylesheet picks them up. "System" follows the device live.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState(() => readThemePreferences(deviceStorage.read));
  const devicePrefersDark = useSyncExternalStore(subscribeToDeviceScheme, devicePrefersDarkNow, () => true);
  const resolvedMode = resolveMode(preferences.mode, devicePrefersDark);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.mode = resolvedMode;
    root.dataset.color = preferences.colorTheme;
    root.dataset.textSize = preferences.textSize;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', browserThemeColor[resolvedMode]);
  }, [resolvedMode, preferences.colorTheme, preferences.textSize]);

  const setMode = useCallback((mode: ThemeMode) => {
    deviceStorage.write(themeStorageKeys.mode, mode);
    setPreferences((current) => ({ ...current, mode }));
  }, []);
  const setColorTheme = useCallback((colorTheme: ColorThemeName) => {
    deviceStorage.write(themeStorageKeys.color, colorTheme);
    setPreferences((current) => ({ ...current, colorTheme }));
  }, []);
  const setTextSize = useCallback((textSize: TextSize) => {
    deviceStorage.write(themeStorageKeys.textSize, textSize);
    setPreferences((current) => ({ ...current, textSize }));
  }, []);

  const value = useMemo(
    () => ({ ...preferences, resolvedMode, setMode, setColorTheme, setTextSize }),
    [preferences, resolvedMode, setMode, setColorTheme, setTextSize],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
