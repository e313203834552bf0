import { defaultUserSettings, type EmailDigest, type UserSettings } from '../../schema/index.ts';
import type { TextSize } from '../../schema/theme.ts';
import type { Sql } from '../database.ts';

type SettingsRow = {
  family_updates: boolean;
  event_reminders: boolean;
  chat_messages: boolean;
  photo_comments: boolean;
  profile_visibility: boolean;
  activity_status: boolean;
  photo_download: boolean;
  memories: boolean;
  text_size: TextSize;
  email_digest: EmailDigest;
  muted_family_ids: string[];
};

/** The one place a setting's name meets its column. */
export const settingColumnOf: Record<keyof UserSettings, keyof SettingsRow> = {
  familyUpdates: 'family_updates',
  eventReminders: 'event_reminders',
  chatMessages: 'chat_messages',
  photoComments: 'photo_comments',
  profileVisibility: 'profile_visibility',
  activityStatus: 'activity_status',
  photoDownload: 'photo_download',
  memories: 'memories',
  textSize: 'text_size',
  emailDigest: 'email_digest',
  mutedFamilyIds: 'muted_family_ids',
};

function toSettings(row: SettingsRow): UserSettings {
  const entries = Object.entries(settingColumnOf) as [keyof UserSettings, keyof SettingsRow][];
  return Object.fromEntries(entries.map(([setting, column]) => [setting, row[column]])) as UserSettings;
}

function columnsOf(settings: Partial<UserSettings>): Record<string, UserSettings[keyof UserSettings]> {
  const columns: Record<string, UserSettings[keyof UserSettings]> = {};
  for (const [key, value] of Object.entries(settings) as [keyof UserSettings, UserSettings[keyof UserSettings]][]) {
    if (value !== undefined) columns[settingColumnOf[key]] = value;
  }
  return columns;
}

export function createSettingsRepository(sql: Sql) {
  return {
    /** Signup creates the row; an account without one simply has the defaults. */
    async get(userId: string): Promise<UserSettings> {
      const [row] = await sql<SettingsRow[]>`select * from user_settings where user_id = ${userId}`;
      return row ? toSettings(row) : { ...defaultUserSettings };
    },

    /**
     * `changes` holds at least one setting (the request schema insists). An account without a row gets one of the
     * declared defaults with `changes` on top.
     */
    async update(userId: string, changes: Partial<UserSettings>): Promise<UserSettings> {
      const [row] = await sql<SettingsRow[]>`
        insert into user_settings ${sql({ user_id: userId, ...columnsOf({ ...defaultUserSettings, ...changes }) })}
        on conflict (user_id) do update set ${sql(columnsOf(changes))}, updated_at = now()
        returning *
      `;
      if (!row) throw new Error('user_settings upsert returned no row');
      return toSettings(row);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
