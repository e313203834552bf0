import { limits } from '../../schema/limits.ts';
import type { ChatMessage, MessageType, MessageWithSender, PublicUser } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { publicUserJson } from './public-user-json.ts';
import { isoTime } from './iso-time.ts';
import { type InFamily } from './synced-storage.ts';

/** What permission checks need to know about a message. */
export type MessageRef = {
  id: string;
  familyId: string;
  senderId: string;
  messageType: MessageType;
  photoId: string | null;
  deleted: boolean;
};

export type NewMessage = {
  id: string;
  familyId: string;
  senderId: string;
  messageType: MessageType;
  content: string;
  photoId: string | null;
  version: number;
  writtenAt: Date;
};

/**
 * A family's messages as devices keep them. A device that holds nothing of the family yet gets only the newest
 * `limits.messageWindow` (decision 0021); older ones it asks for as the person scrolls up (`pageOf`).
 */
/** A message's fields (`SyncedMessage`) as pairs for PostgreSQL's JSON builders, from the messages aliased `m`. */
const messageFields = (sql: Queryable) => sql`
  'id', m.id, 'familyId', m.family_id, 'senderId', m.sender_id, 'number', m.number, 'content', m.content,
  'messageType', m.message_type, 'photoId', m.photo_id, 'createdAt', ${isoTime(sql, sql`m.created_at`)},
  'deletedAt', ${isoTime(sql, sql`m.deleted_at`)}
`;

export const messagePullSource: PullSource = (sql, familyId, from, { fromStart }) => sql`
  select m.version, m.id::text as id, jsonb_build_object(${messageFields(sql)}) as row
  from messages m where m.family_id = ${familyId} and m.version >= ${from}
  ${
    fromStart
      ? sql`and m.number > (
          select coalesce(max(number), 0) - ${limits.messageWindow} from messages where family_id = ${familyId}
        )`
      : sql``
  }
`;

/** Only the puller's own read position: nobody learns when anyone else read. */
export const chatReadPullSource: PullSource = (sql, familyId, from, { userId }) => sql`
  select r.version, r.id,
    jsonb_build_object('id', r.id, 'familyId', r.family_id, 'userId', r.user_id, 'readThrough', r.read_through) as row
  from chat_reads r where r.family_id = ${familyId} and r.user_id = ${userId} and r.version >= ${from}
`;

type MessageRow = {
  id: string;
  family_id: string;
  sender_id: string;
  number: string;
  content: string;
  message_type: MessageType;
  photo_id: string | null;
  created_at: Date;
  deleted_at: Date | null;
  sender: PublicUser;
};


function toMessage(row: MessageRow): MessageWithSender {
  return {
    id: row.id,
    familyId: row.family_id,
    senderId: row.sender_id,
    number: Number(row.number),
    content: row.content,
    messageType: row.message_type,
    photoId: row.photo_id,
    createdAt: row.created_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
    sender: row.sender,
  };
}

/** Writes here run under the lock of the message's family: numbers cannot be taken twice. */
export function createMessageRepository(sql: Queryable) {
  return {
    async findRef(messageId: string, familyId: string): Promise<MessageRef | null> {
      const [row] = await sql<
        {
          id: string;
          family_id: string;
          sender_id: string;
          message_type: MessageType;
          photo_id: string | null;
          deleted_at: Date | null;
        }[]
      >`
        select id, family_id, sender_id, message_type, photo_id, deleted_at from messages
        where id = ${messageId} and family_id = ${familyId}
      `;
      return row
        ? {
            id: row.id,
            familyId: row.family_id,
            senderId: row.sender_id,
            messageType: row.message_type,
            photoId: row.photo_id,
            deleted: row.deleted_at !== null,
          }
        : null;
    },

    /** Numbered next in its family. False when the id is taken already. */
    async create(message: NewMessage): Promise<boolean> {
      const rows = await sql`
        insert into messages (id, family_id, sender_id, number, content, message_type, photo_id, version, created_at)
        select ${message.id}, ${message.familyId}, ${message.senderId}, coalesce(max(number), 0) + 1,
          ${message.content}, ${message.messageType}, ${message.photoId}, ${message.version}, ${message.writtenAt}
        from messages where family_id = ${message.familyId}
        on conflict (family_id, id) do nothing
        returning id
      `;
      return rows.length > 0;
    },

    /** The message keeps its place and number with nothing in it. */
    async markDeleted(message: InFamily, version: number, deletedAt: Date): Promise<void> {
      await sql`
        update messages set content = '', photo_id = null, deleted_at = ${deletedAt}, version = ${version}
        where family_id = ${message.familyId} and id = ${message.id}
      `;
    },

    /**
     * product.md §7's list: the newest `limit` messages, or those before number `before`, oldest first, with their
     * senders (`MessageWithSender[]`), as the JSON the API answers, made by PostgreSQL with the membership checked
     * in the same statement; null when `userId` is not a member.
     */
    async pageSeenByJson(
      familyId: string,
      userId: string,
      { before, limit }: { before?: number; limit: number },
    ): Promise<string | null> {
      const [row] = await sql<{ member: boolean; messages: string }[]>`
        select exists (select 1 from family_members where family_id = ${familyId} and user_id = ${userId}) as member,
          (
            select coalesce(json_agg(page.message order by page.number), '[]')::text from (
              select m.number,
                json_build_object(${messageFields(sql)}, 'sender', ${publicUserJson(sql, 'u')}) as message
              from messages m join users u on u.id = m.sender_id
              where m.family_id = ${familyId} ${before === undefined ? sql`` : sql`and m.number < ${before}`}
              order by m.number desc
              limit ${limit}
            ) page
          ) as messages
      `;
      return row?.member ? row.messages : null;
    },

    async find(messageId: string, familyId: string): Promise<MessageWithSender | null> {
      const [row] = await sql<MessageRow[]>`
        select m.*, ${publicUserJson(sql, 'u')} as sender
        from messages m join users u on u.id = m.sender_id where m.family_id = ${familyId} and m.id = ${messageId}
      `;
      return row ? toMessage(row) : null;
    },

    async readThrough(familyId: string, userId: string): Promise<number> {
      const [row] = await sql<{ read_through: string }[]>`
        select read_through from chat_reads where family_id = ${familyId} and user_id = ${userId}
      `;
      return row ? Number(row.read_through) : 0;
    },

    async newestNumber(familyId: string): Promise<number> {
      const [row] = await sql<{ newest: string | null }[]>`
        select max(number) as newest from messages where family_id = ${familyId}
      `;
      return Number(row?.newest ?? 0);
    },

    /** Who has read the chat within the last two minutes: they are in it, and need no notification of it. */
    async readingNow(familyId: string): Promise<string[]> {
      const rows = await sql<{ user_id: string }[]>`
        select user_id from chat_reads where family_id = ${familyId} and updated_at > now() - interval '2 minutes'
      `;
      return rows.map((row) => row.user_id);
    },

    async markRead(read: { familyId: string; userId: string; readThrough: number }, version: number): Promise<void> {
      await sql`
        insert into chat_reads (family_id, user_id, read_through, version)
        values (${read.familyId}, ${read.userId}, ${read.readThrough}, ${version})
        on conflict (family_id, user_id) do update
          set read_through = excluded.read_through, version = excluded.version, updated_at = now()
      `;
    },
  };
}
