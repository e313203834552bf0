import { useEffect } from 'react';
import { useTheme } from '../theme/theme-provider.tsx';
import { loadUserSettings, useUserSettings } from './user-settings-store.ts';

/**
 * Larger text is saved on the server so it follows the person to a new phone or a shared tablet. Whenever the
 * signed-in user's settings say so (on arrival, on a tap, on an undo after a failed save), the interface follows,
 * and the theme remembers it on this device for the next first paint.
 */
export function useTextSizeFromSettings(signedIn: boolean): void {
  const { setTextSize } = useTheme();
  const settings = useUserSettings();
  const textSize = settings.status === 'ready' ? settings.settings.textSize : null;

  useEffect(() => {
    if (signedIn) void loadUserSettings();
  }, [signedIn]);

  useEffect(() => {
    if (textSize !== null) setTextSize(textSize);
  }, [textSize, setTextSize]);
}
