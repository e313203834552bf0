import type { SyncedTable } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { personTimeZones } from './person-time-zones.ts';

/**
 * Everything a person made or shares in, as the archive holds it (decision 0027): their own things whole, other
 * people only by name and as the family context they already see (their families' members, comments on their posts).
 */
export type ArchiveData = Awaited<ReturnType<typeof readArchiveData>>;

const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
};

const voiceExtensionOf: Record<string, string> = { 'audio/webm': 'webm', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg' };

/** Reads the person's data; the rows are small (photo bytes are streamed later, one at a time). */
export async function readArchiveData(sql: Sql, userId: string) {
  const name = sql`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`;
  const [profile] = await sql`
    with ${personTimeZones(sql)}
    select u.id, u.username, u.email, u.first_name as "firstName", u.last_name as "lastName", u.birthday,
      u.profile_image_url as "profileImageUrl", u.created_at as "createdAt", z.time_zone as "timeZone"
    from users u left join person_zones z on z.user_id = u.id where u.id = ${userId}
  `;
  const [settings] = await sql`select * from user_settings where user_id = ${userId}`;
  const families = await sql`
    select f.id, f.name, m.role, m.relationship_type as "relationshipType",
      (select ${name} from users u where u.id = m.relative_to_id) as "relativeTo", m.joined_at as "joinedAt",
      (select coalesce(json_agg(${name} order by om.joined_at), '[]') from family_members om
        join users u on u.id = om.user_id where om.family_id = f.id) as members
    from family_members m join families f on f.id = m.family_id where m.user_id = ${userId} order by f.name
  `;
  const posts = await sql`
    select p.id, p.family_id as "familyId", p.content, p.photo_ids as "photoIds", p.created_at as "createdAt",
      p.updated_at as "updatedAt",
      (select coalesce(json_agg(json_build_object(
          'by', ${name}, 'content', c.content, 'commentType', c.comment_type, 'createdAt', c.created_at
        ) order by c.created_at), '[]')
        from comments c join users u on u.id = c.author_id where c.family_id = p.family_id and c.post_id = p.id)
        as comments
    from posts p where p.author_id = ${userId} order by p.created_at desc
  `;
  const comments = await sql`
    select c.id, c.post_id as "postId", c.family_id as "familyId", c.comment_type as "commentType", c.content,
      c.created_at as "createdAt"
    from comments c where c.author_id = ${userId} order by c.created_at desc
  `;
  const likes = await sql`
    select r.post_id as "postId", r.family_id as "familyId", r.reaction_type as "reactionType", r.created_at as "createdAt"
    from post_reactions r where r.user_id = ${userId} order by r.created_at desc
  `;
  const photoRows = await sql<
    {
      id: string;
      familyId: string;
      albumId: string | null;
      title: string | null;
      description: string | null;
      createdAt: Date;
      sha256: string;
      contentType: string;
      byteSize: number;
      width: number;
      height: number;
    }[]
  >`
    select p.id, p.family_id as "familyId", p.album_id as "albumId", p.title, p.description, p.created_at as "createdAt",
      f.sha256, f.content_type as "contentType", f.byte_size as "byteSize", f.width, f.height
    from photos p join photo_files f on f.family_id = p.family_id and f.photo_id = p.id
    where p.uploaded_by_id = ${userId} order by p.created_at desc
  `;
  const photos = photoRows.map((photo) => ({
    ...photo,
    file: `photos/${photo.id}.${extensionOf[photo.contentType] ?? 'bin'}`,
  }));
  // The voice notes they recorded (decision 0052): the original as sent and the copy every browser plays, with the
  // message, photo or comment each belongs to once named (decisions 0058, 0065).
  const voiceRows = await sql<
    {
      id: string;
      familyId: string;
      durationMs: number;
      messageId: string | null;
      photoId: string | null;
      commentId: string | null;
      createdAt: Date;
      sha256: string;
      contentType: string;
      byteSize: number;
      playableByteSize: number;
    }[]
  >`
    select v.voice_note_id as id, v.family_id as "familyId", v.duration_ms as "durationMs",
      n.message_id as "messageId", n.photo_id as "photoId", n.comment_id as "commentId", v.created_at as "createdAt",
      v.sha256, v.content_type as "contentType", v.byte_size as "byteSize", v.playable_byte_size as "playableByteSize"
    from voice_files v left join voice_notes n on n.family_id = v.family_id and n.id = v.voice_note_id
    where v.uploaded_by_id = ${userId} order by v.created_at desc
  `;
  const voiceNotes = voiceRows.map((note) => ({
    ...note,
    file: `voice-notes/${note.id}.${voiceExtensionOf[note.contentType] ?? 'bin'}`,
    playableFile: `voice-notes/${note.id}-playable.m4a`,
  }));
  // Tags of the person and tags they made: who is in which photo, by name.
  const photoTags = await sql`
    select t.photo_id as "photoId", t.family_id as "familyId", p.title as "photoTitle",
      (select ${name} from users u where u.id = t.user_id) as "who",
      (select ${name} from users u where u.id = t.tagged_by_id) as "taggedBy", t.x, t.y, t.created_at as "createdAt"
    from photo_tags t join photos p on p.family_id = t.family_id and p.id = t.photo_id
    where t.user_id = ${userId} or t.tagged_by_id = ${userId} order by t.created_at desc
  `;
  const albums = await sql`
    select a.id, a.family_id as "familyId", a.name, a.description, a.created_at as "createdAt"
    from albums a where a.created_by_id = ${userId} order by a.created_at desc
  `;
  const events = await sql`
    select e.id, e.family_id as "familyId", e.title, e.description, e.location, e.start_date as "startDate",
      e.end_date as "endDate", e.time_zone as "timeZone", e.all_day as "allDay", e.created_at as "createdAt"
    from events e where e.created_by_id = ${userId} order by e.start_date desc
  `;
  const rsvps = await sql`
    select a.event_id as "eventId", e.title as "eventTitle", e.start_date as "startDate", a.status,
      a.updated_at as "updatedAt"
    from event_attendees a join events e on e.family_id = a.family_id and e.id = a.event_id
    where a.user_id = ${userId} order by e.start_date desc
  `;
  const messages = await sql`
    select m.id, m.family_id as "familyId", m.message_type as "messageType", m.content, m.photo_id as "photoId",
      m.created_at as "createdAt"
    from messages m where m.sender_id = ${userId} and m.deleted_at is null order by m.family_id, m.number
  `;
  const chatReads = await sql`
    select r.family_id as "familyId", r.read_through as "readThrough", r.updated_at as "updatedAt"
    from chat_reads r where r.user_id = ${userId} order by r.family_id
  `;
  // Without their quotes: those are other people's words.
  const notifications = await sql`
    select n.type, n.family_id as "familyId", n.count, n.is_read as "isRead", n.created_at as "createdAt"
    from notifications n where n.user_id = ${userId} order by n.updated_at desc
  `;
  return {
    profile,
    settings,
    families,
    posts,
    comments,
    likes,
    photos,
    photoTags,
    voiceNotes,
    albums,
    events,
    rsvps,
    messages,
    chatReads,
    notifications,
  };
}

/**
 * Where the person's rows of each synced table go in the archive (decision 0027): a table added to
 * schema/synced-tables.ts fails the typecheck here until it says, and data-exports.test.ts checks each one arrives.
 */
export const archivedIn: { [T in SyncedTable]: Exclude<keyof ArchiveData, 'profile' | 'settings'> } = {
  families: 'families',
  members: 'families',
  posts: 'posts',
  comments: 'comments',
  reactions: 'likes',
  albums: 'albums',
  photos: 'photos',
  photoTags: 'photoTags',
  events: 'events',
  rsvps: 'rsvps',
  messages: 'messages',
  chatReads: 'chatReads',
  notifications: 'notifications',
  voiceNotes: 'voiceNotes',
};
