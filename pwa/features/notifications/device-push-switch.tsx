import { useEffect, useState } from 'react';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { Switch } from '../../ui/switch.tsx';
import { devicePush, isAppleMobile, keepPushOn, turnOffPush, turnOnPush, type DevicePush } from './device-push.ts';
import { whereToAllowNotifications } from './unblock-notifications.ts';

const descriptions: Record<Exclude<DevicePush, 'blocked'> | 'failed', string> = {
  off: 'Get a notification here when something happens, even with Hearth closed.',
  on: 'This device shows a notification when something happens, even with Hearth closed.',
  'needs-home-screen':
    'On iPhone and iPad, add Hearth to your Home Screen first: tap Share, then "Add to Home Screen", and open Hearth from there.',
  unsupported: "This browser can't show notifications from Hearth.",
  failed: "This couldn't be changed just now. Check your connection and try again.",
};

/**
 * Push on this device: offered as a switch the person taps, never asked for on its own. Each device is
 * its own: the phone may buzz while the laptop stays quiet.
 */
export function DevicePushSwitch() {
  const db = useHearthDb();
  const [state, setState] = useState<DevicePush | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void devicePush().then((found) => {
      if (!current) return;
      setState(found);
      if (found === 'on') void keepPushOn(db).catch(() => {});
    });
    return () => {
      current = false;
    };
  }, [db]);

  if (state === null) return null;

  async function change(on: boolean) {
    setBusy(true);
    try {
      if (on) setState(await turnOnPush(db));
      else {
        await turnOffPush(db);
        setState('off');
      }
    } catch {
      setState('failed');
    } finally {
      setBusy(false);
    }
  }

  const canChange = state === 'on' || state === 'off' || state === 'failed';
  return (
    <Switch
      label="Notifications on this device"
      description={
        state === 'blocked'
          ? `Notifications are blocked for Hearth in this browser. ${whereToAllowNotifications(navigator.userAgent, isAppleMobile())} Then come back.`
          : descriptions[state]
      }
      checked={state === 'on'}
      disabled={busy || !canChange}
      onCheckedChange={(on) => void change(on)}
    />
  );
}
