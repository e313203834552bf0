import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { EmailDigest, UserSettings } from '../../../schema/entities.ts';
import type { NotificationChannels } from '../../../schema/push.ts';
import { api } from '../../lib/api-client.ts';
import { signOut } from '../account/sign-out.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { initials, publicName } from '../account/display-name.ts';
import { useTheme } from '../theme/theme-provider.tsx';
import type { TextSize, ThemeMode } from '../../../schema/theme.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { LogOutIcon } from '../../ui/icons.tsx';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { DevicePushSwitch } from '../notifications/device-push-switch.tsx';
import { CalendarWeekIcon, DeviceIcon, MailIcon, MailOffIcon, MoonIcon, SunIcon } from './settings-icons.tsx';
import { Page, PageHeader } from '../../ui/page.tsx';
import type { ColorThemeName } from '../../ui/palette.ts';
import { RadioTiles } from '../../ui/radio-tile.tsx';
import { Switch } from '../../ui/switch.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { SignInMethods } from './sign-in-methods.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';
import * as styles from './settings-screen.css.ts';
import { changeUserSetting, loadUserSettings, useUserSettings } from './user-settings-store.ts';

/** The settings that are on or off (all but the text size). */
type OnOffSetting = {
  [Key in keyof UserSettings]: UserSettings[Key] extends boolean ? Key : never;
}[keyof UserSettings];
type SettingSwitch = { key: OnOffSetting; label: string; description: string };

const notificationSwitches: readonly SettingSwitch[] = [
  { key: 'familyUpdates', label: 'Family Updates', description: 'New posts and photos from your family.' },
  { key: 'eventReminders', label: 'Event Reminders', description: 'A gentle reminder before family events.' },
  { key: 'chatMessages', label: 'Chat Messages', description: 'New messages in your family chat.' },
  { key: 'photoComments', label: 'Photo Comments', description: 'When someone comments on a photo you shared.' },
  { key: 'memories', label: 'Memories', description: 'A morning note when there are memories from this day.' },
];

const privacySwitches: readonly SettingSwitch[] = [
  { key: 'profileVisibility', label: 'Profile Visibility', description: 'Let your family members see your profile.' },
  { key: 'activityStatus', label: 'Activity Status', description: 'Show your family when you were last active.' },
  { key: 'photoDownload', label: 'Photo Download', description: 'Let family members download your original photos.' },
];

const textSizeOptions: readonly { value: TextSize; label: string; visual: ReactNode }[] = [
  { value: 'normal', label: 'Standard', visual: <span className={styles.textSizeSample.normal}>Aa</span> },
  { value: 'large', label: 'Larger', visual: <span className={styles.textSizeSample.large}>Aa</span> },
  { value: 'largest', label: 'Largest', visual: <span className={styles.textSizeSample.largest}>Aa</span> },
];

const digestOptions: readonly { value: EmailDigest; label: string; visual: ReactNode }[] = [
  { value: 'off', label: 'No email', visual: <MailOffIcon /> },
  { value: 'daily', label: 'Every morning', visual: <MailIcon /> },
  { value: 'weekly', label: 'On Sundays', visual: <CalendarWeekIcon /> },
];

const modeOptions: readonly { value: ThemeMode; label: string; visual: ReactNode }[] = [
  { value: 'light', label: 'Light', visual: <SunIcon /> },
  { value: 'dark', label: 'Dark', visual: <MoonIcon /> },
  { value: 'system', label: 'System', visual: <DeviceIcon /> },
];

const colorOptions: readonly { value: ColorThemeName; label: string; visual: ReactNode }[] = [
  { value: 'purple', label: 'Purple', visual: <span className={styles.swatch.purple} /> },
  { value: 'orange', label: 'Orange', visual: <span className={styles.swatch.orange} /> },
  { value: 'pink', label: 'Pink', visual: <span className={styles.swatch.pink} /> },
  { value: 'blue', label: 'Blue', visual: <span className={styles.swatch.blue} /> },
];

/** Settings (product.md §2): appearance on this device, and preferences kept on the server. */
export function SettingsScreen() {
  useDocumentTitle('Settings');
  const user = useSignedInUser();
  const theme = useTheme();
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void loadUserSettings();
  }, []);

  return (
    <Page width="default">
      <PageHeader title="Settings" lead="Make Hearth feel like home." />

      <Card as="section" aria-label="Your profile">
        <div className={styles.profileSummary}>
          <Avatar imageUrl={user.profileImageUrl} initials={initials(user)} size="lg" />
          <div className={styles.profileText}>
            <p className={styles.profileName}>{publicName(user)}</p>
            <p className={styles.email}>{user.email}</p>
          </div>
          <ButtonLink to="/profile" variant="secondary">
            Edit Profile
          </ButtonLink>
        </div>
      </Card>

      <SettingsSection title="Appearance" lead="How Hearth looks on this device.">
        <RadioTiles
          legend="Theme"
          hint="System follows your device's light or dark setting as it changes."
          name="theme-mode"
          options={modeOptions}
          value={theme.mode}
          onChange={theme.setMode}
        />
        <RadioTiles
          legend="Colour theme"
          name="colour-theme"
          options={colorOptions}
          value={theme.colorTheme}
          onChange={theme.setColorTheme}
        />
        <ServerSettings placeholderRows={1}>
          {(settings) => (
            <RadioTiles
              legend="Text size"
              hint="Larger text makes all text and buttons bigger, on every device you use."
              name="text-size"
              options={textSizeOptions}
              value={settings.textSize}
              onChange={(textSize) => void changeUserSetting('textSize', textSize)}
            />
          )}
        </ServerSettings>
      </SettingsSection>

      <SettingsSection title="Notifications" lead="Choose what Hearth tells you about, and where.">
        <div className={styles.switchItem}>
          <DevicePushSwitch />
        </div>
        <ServerSwitches switches={notificationSwitches} />
        <FamilyMutes />
        <EmailDigestChoice />
      </SettingsSection>

      <SettingsSection title="Privacy" lead="Decide what your family can see and do.">
        <ServerSwitches switches={privacySwitches} />
      </SettingsSection>

      <SettingsSection title="Signed-in devices" lead="Where you are signed in to Hearth now.">
        <SignedInDevices />
      </SettingsSection>

      <SettingsSection
        title="Your data"
        lead="Take a copy of everything you made in Hearth: posts, photos as you took them, events and chat messages, with a page to read it all in any browser."
      >
        <DataExportSection />
      </SettingsSection>

      <SettingsSection title="Account">
        <PasskeysSection />
        <SignInMethods />
        <div className={styles.actions}>
          <ButtonLink to="/profile" search={{ changePassword: 1 }} variant="secondary">
            Change Password
          </ButtonLink>
          <Button variant="secondary" onClick={() => void signOut()}>
            <LogOutIcon />
            Sign Out
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete My Account
          </Button>
        </div>
        <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
      </SettingsSection>
    </Page>
  );
}

function SettingsSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const headingId = `settings-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card as="section" className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeading}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {lead ? <p className={styles.sectionLead}>{lead}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** One switch per family: a muted family tells the person nothing (bell, push, digest); its chat still counts. */
function FamilyMutes() {
  const db = useHearthDb();
  const families = useLiveQuery(
    async () => (await db.families.toArray()).sort((a, b) => a.name.localeCompare(b.name)),
    [db],
  );
  if (!families || families.length === 0) return null;
  return (
    <ServerSettings placeholderRows={families.length}>
      {(settings) => (
        <section className={styles.group} aria-labelledby="settings-families">
          <h3 id="settings-families" className={styles.groupTitle}>
            From each family
          </h3>
          <ul className={styles.familySwitchList}>
            {families.map((family) => {
              const muted = settings.mutedFamilyIds.includes(family.id);
              return (
                <li key={family.id} className={styles.switchItem}>
                  <Switch
                    label={family.name}
                    description={muted ? 'Muted: nothing from this family.' : 'Notifications from this family.'}
                    checked={!muted}
                    onCheckedChange={(on) =>
                      void changeUserSetting(
                        'mutedFamilyIds',
                        on
                          ? settings.mutedFamilyIds.filter((id) => id !== family.id)
                          : [...settings.mutedFamilyIds, family.id],
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </ServerSettings>
  );
}

/**
 * The email digest, for relatives who rarely open the app (decision 0025). Offered only when this Hearth's server
 * can send email; it says so when it cannot.
 */
function EmailDigestChoice() {
  const [channels, setChannels] = useState<NotificationChannels | null>(null);
  useEffect(() => {
    const request = new AbortController();
    api.get<NotificationChannels>('/api/notification-channels', { signal: request.signal }).then(setChannels, () => {});
    return () => request.abort();
  }, []);
  if (channels === null) return null;
  if (!channels.emailDigest) {
    return (
      <div className={styles.group}>
        <h3 className={styles.groupTitle}>Email digest</h3>
        <p className={styles.groupHint}>
          This Hearth server isn't set up to send email, so there is no digest to choose.
        </p>
      </div>
    );
  }
  return (
    <ServerSettings placeholderRows={1}>
      {(settings) => (
        <RadioTiles
          legend="Email digest"
          hint="A short email of what you haven't seen in Hearth, at 8 in the morning. Nothing new, no email."
          name="email-digest"
          options={digestOptions}
          value={settings.emailDigest}
          onChange={(emailDigest) => void changeUserSetting('emailDigest', emailDigest)}
        />
      )}
    </ServerSettings>
  );
}

/** Switches saved on the server. */
function ServerSwitches({ switches }: { switches: readonly SettingSwitch[] }) {
  return (
    <ServerSettings placeholderRows={switches.length}>
      {(settings) => (
        <ul className={styles.switchList}>
          {switches.map((setting) => (
            <li key={setting.key} className={styles.switchItem}>
              <Switch
                label={setting.label}
                description={setting.description}
                checked={settings[setting.key]}
                onCheckedChange={(checked) => void changeUserSetting(setting.key, checked)}
              />
            </li>
          ))}
        </ul>
      )}
    </ServerSettings>
  );
}

type ServerSettingsProps = { placeholderRows: number; children: (settings: UserSettings) => ReactNode };

/** Controls for settings kept on the server: placeholders while they load, a retry if they could not be loaded. */
function ServerSettings({ placeholderRows, children }: ServerSettingsProps) {
  const state = useUserSettings();

  if (state.status === 'failed') {
    return (
      <div className={styles.loadError}>
        <p>These settings could not be loaded. Check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void loadUserSettings()}>
          Try again
        </Button>
      </div>
    );
  }

  if (state.status !== 'ready') {
    return (
      <div role="status">
        <span className={visuallyHidden}>Loading settings</span>
        {Array.from({ length: placeholderRows }, (_, row) => (
          <div key={row} className={styles.skeletonRow} aria-hidden="true">
            <div className={styles.skeletonText}>
              <span className={styles.skeletonLine.long} />
              <span className={styles.skeletonLine.short} />
            </div>
            <span className={styles.skeletonLine.toggle} />
          </div>
        ))}
      </div>
    );
  }

  return children(state.settings);
}
