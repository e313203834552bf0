import { useEffect, useState } from 'react';
import type { SignedInDevice } from '../../../schema/account.ts';
import { api } from '../../lib/api-client.ts';
import { formatRelativeTime } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { DeviceIcon, PhoneIcon, TabletIcon } from './settings-icons.tsx';
import * as styles from './settings-screen.css.ts';

const icons = { phone: PhoneIcon, tablet: TabletIcon, computer: DeviceIcon } as const;

/**
 * Each browser the person is signed in on, with Sign out for one or for all the others: a device signed out
 * here loses its copy of the family at its next request, so a phone left at a relative's is safe again.
 */
export function SignedInDevices() {
  const [devices, setDevices] = useState<SignedInDevice[] | null>(null);
  const [failed, setFailed] = useState(false);

  async function load() {
    try {
      setDevices(await api.get<SignedInDevice[]>('/api/auth/sessions'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  async function signOut(request: () => Promise<unknown>) {
    try {
      await request();
    } finally {
      await load();
    }
  }

  if (failed) return <p className={styles.groupHint}>Your devices can be seen when Hearth can reach its server.</p>;
  if (!devices) return null;
  const others = devices.filter((device) => !device.current);
  return (
    <div className={styles.group}>
      <ul className={styles.switchList}>
        {devices.map((device) => {
          const Icon = icons[device.kind];
          return (
            <li key={device.id} className={`${styles.switchItem} ${styles.deviceRow}`}>
              <Icon size="1.5rem" />
              <div className={styles.deviceText}>
                <p className={styles.groupTitle}>
                  {device.browser} on {device.system}
                </p>
                <p className={styles.groupHint}>
                  {device.current ? 'This device' : `Last active ${formatRelativeTime(device.lastSeenAt)}`}
                </p>
              </div>
              {device.current ? null : (
                <Button
                  variant="secondary"
                  aria-label={`Sign out ${device.browser} on ${device.system}`}
                  onClick={() => void signOut(() => api.delete(`/api/auth/sessions/${device.id}`))}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void signOut(() => api.post('/api/auth/sessions/sign-out-others'))}
          >
            Sign out all other devices
          </Button>
        </div>
      ) : null}
    </div>
  );
}
