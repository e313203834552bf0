import type { NotificationType, UserSettings } from '../../schema/index.ts';
import { voiceNoteExcerpt, wordsExcerpt } from '../../schema/voice-notes.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { settingColumnOf } from './settings-repository.ts';
import { isoTime } from './iso-time.ts';
import { type InFamily } from './synced-storage.ts';

/** Only the puller's own notifications. */
export const notificationPullSource: PullSource = (sql, familyId, from, { userId }) => sql`
  select n.version, n.id::text as id,
    jsonb_build_object(
      'id', n.id, 'userId', n.user_id, 'familyId', n.family_id, 'type', n.type, 'relatedId', n.related_id,
      'actorId', n.actor_id, 'excerpt', n.excerpt, 'count', n.count, 'isRead', n.is_read,
      'createdAt', ${isoTime(sql, sql`n.created_at`)}, 'updatedAt', ${isoTime(sql, sql`n.updated_at`)}
    ) as row
  from notifications n where n.family_id = ${familyId} and n.user_id = ${userId} and n.version >= ${from}
`;

/** The setting that decides each kind (Settings, product.md §2): a person who turned it off gets none of that kind. */
const settingOf: Record<NotificationType, keyof UserSettings | null> = {
  new_post: 'familyUpdates',
  new_event: 'familyUpdates',
  event_rsvp: 'familyUpdates',
  new_member: 'familyUpdates',
  post_comment: 'photoComments',
  chat_message: 'chatMessages',
  event_tomorrow: 'eventReminders',
  event_soon: 'eventReminders',
  birthday: 'familyUpdates',
  new_photos: 'familyUpdates',
  // What the person asked for themselves: no setting turns it off.
  export_ready: null,
  memories: 'memories',
  photo_tag: 'familyUpdates',
};

export type NewNotification = {
  familyId: string;
  type: NotificationType;
  /** What the notification gathers while unread: the post, the event, or the family itself (its chat, its posts). */
  groupKey: string;
  relatedId: string | null;
  /** Who did it (never told); null for what nobody did (a reminder). */
  actorId: string | null;
  /** Words (a quote of what was written, a title), or the length of a voice note that was sent. */
  excerpt: string | { voiceMs: number };
  version: number;
  /** Only these members (the post's author, the event's maker); every member but the actor when absent. */
  recipients?: string[];
  /** Members told nothing (those reading the chat as it happens). */
  except?: string[];
  /** Only members never told of this kind and subject before, read or not (a tag is told of once per photo). */
  once?: boolean;
};

const excerptMax = 200;

function excerptOf(excerpt: NewNotification['excerpt']): string {
  if (typeof excerpt !== 'string') return voiceNoteExcerpt(excerpt.voiceMs);
  const oneLine = excerpt.replace(/\s+/g, ' ').trim();
  return wordsExcerpt(oneLine.length > excerptMax ? `${oneLine.slice(0, excerptMax - 1)}…` : oneLine);
}

/** Writes run under the lock of the family the notification is about, in the transaction of the write causing it. */
export function createNotificationRepository(sql: Queryable) {
  return {
    /**
     * Tells the family's members (never the actor) who want this kind and have not muted the family: a new
     * notification, or the unread one of the same kind and subject counted once more, with the newest actor and quote.
     * Only a new one is pushed to their devices (push/push-delivery.ts): fifty chat lines are one push, which the bell
     * then counts.
     */
    async notify(notification: NewNotification): Promise<void> {
      const setting = settingOf[notification.type];
      await sql`
        insert into notifications (
          user_id, family_id, type, group_key, related_id, actor_id, excerpt, count, is_read, version, push_pending
        )
        select m.user_id, m.family_id, ${notification.type}, ${notification.groupKey}, ${notification.relatedId},
          ${notification.actorId}, ${excerptOf(notification.excerpt)}, 1, false, ${notification.version},
          exists (select 1 from push_subscriptions p where p.user_id = m.user_id)
        from family_members m left join user_settings s on s.user_id = m.user_id
        where m.family_id = ${notification.familyId} and m.user_id is distinct from ${notification.actorId}::uuid
          ${setting ? sql`and coalesce(s.${sql(settingColumnOf[setting])}, true)` : sql``}
          and not m.family_id = any(coalesce(s.muted_family_ids, '{}'))
          ${notification.recipients ? sql`and m.user_id = any(${notification.recipients}::uuid[])` : sql``}
          ${notification.except ? sql`and m.user_id <> all(${notification.except}::uuid[])` : sql``}
          ${
            notification.once
              ? sql`and not exists (
                  select 1 from notifications o where o.user_id = m.user_id and o.family_id = m.family_id
                    and o.type = ${notification.type} and o.group_key = ${notification.groupKey}
                )`
              : sql``
          }
        on conflict (user_id, family_id, type, group_key) where not is_read do update
          set count = notifications.count + 1, actor_id = excluded.actor_id, excerpt = excluded.excerpt,
            related_id = excluded.related_id, version = excluded.version, updated_at = now()
      `;
    },

    /** Marks one of `userId`'s notifications read; false when it is not theirs (or not there). */
    async markRead(notification: InFamily, userId: string, version: number): Promise<void> {
      await sql`
        update notifications set is_read = true, version = ${version}, updated_at = now()
        where family_id = ${notification.familyId} and id = ${notification.id} and user_id = ${userId} and not is_read
      `;
    },

    /** Reading the chat reads its notification too. */
    async markChatRead(familyId: string, userId: string, version: number): Promise<void> {
      await sql`
        update notifications set is_read = true, version = ${version}, updated_at = now()
        where family_id = ${familyId} and user_id = ${userId} and type = 'chat_message' and not is_read
      `;
    },

    async find(
      notificationId: string,
      familyId: string,
    ): Promise<{ familyId: string; userId: string; isRead: boolean } | null> {
      const [row] = await sql<{ family_id: string; user_id: string; is_read: boolean }[]>`
        select family_id, user_id, is_read from notifications where id = ${notificationId} and family_id = ${familyId}
      `;
      return row ? { familyId: row.family_id, userId: row.user_id, isRead: row.is_read } : null;
    },
  };
}
