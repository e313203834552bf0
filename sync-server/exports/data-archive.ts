import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Sql } from '../database.ts';
import { storageKeys } from '../photos/photo-files.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { archiveIndexHtml } from './archive-index.ts';

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

/** Reads the person's data; the rows are small (photo bytes are streamed later, one at a time). */
export async function readArchiveData(sql: Sql, userId: string) {
  const name = sql`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`;
  const [profile] = await sql`
    select u.id, u.username, u.email, u.first_name as "firstName", u.last_name as "lastName", u.birthday,
      u.profile_image_url as "profileImageUrl", u.created_at as "createdAt"
    from users u where u.id = ${userId}
  `;
  const [settings] = await sql`select * from user_settings where user_id = ${userId}`;
  const families = await sql`
    select f.id, f.name, m.role, m.relationship_type as "relationshipType", m.joined_at as "joinedAt",
      (select coalesce(json_agg(${name} order by om.joined_at), '[]') from family_members om
        join users u on u.id = om.user_id where om.family_id = f.id) as members
    from family_members m join families f on f.id = m.family_id where m.user_id = ${userId} order by f.name
  `;
  const posts = await sql`
    select p.id, p.family_id as "familyId", p.content, p.photo_ids as "photoIds", p.created_at as "createdAt",
      p.updated_at as "updatedAt",
      (select coalesce(json_agg(json_build_object('by', ${name}, 'content', c.content, 'createdAt', c.created_at)
        order by c.created_at), '[]') from comments c join users u on u.id = c.author_id where c.post_id = p.id)
        as comments
    from posts p where p.author_id = ${userId} order by p.created_at desc
  `;
  const comments = await sql`
    select c.id, c.post_id as "postId", c.family_id as "familyId", c.content, c.created_at as "createdAt"
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
    from photos p join photo_files f on f.photo_id = p.id
    where p.uploaded_by_id = ${userId} order by p.created_at desc
  `;
  const photos = photoRows.map((photo) => ({
    ...photo,
    file: `photos/${photo.id}.${extensionOf[photo.contentType] ?? 'bin'}`,
  }));
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
    from event_attendees a join events e on e.id = a.event_id where a.user_id = ${userId} order by e.start_date desc
  `;
  const messages = await sql`
    select m.id, m.family_id as "familyId", m.message_type as "messageType", m.content, m.photo_id as "photoId",
      m.created_at as "createdAt"
    from messages m where m.sender_id = ${userId} and m.deleted_at is null order by m.family_id, m.number
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
    albums,
    events,
    rsvps,
    messages,
    notifications,
  };
}

/** The JSON files, one per kind, as they are in the archive's `data/` folder. */
function jsonFiles(data: ArchiveData): [string, unknown][] {
  const { settings, ...rest } = data;
  const { user_id: _userId, ...settingsWithoutId } = (settings ?? {}) as Record<string, unknown>;
  return Object.entries({ ...rest, settings: settingsWithoutId }).map(([kind, value]) => [`data/${kind}.json`, value]);
}

/**
 * Builds the archive as a ZIP in a temporary file, streaming each photo's original from storage as it is written
 * (stored, not recompressed: JPEGs do not shrink), so memory holds one chunk of one photo at a time whatever the
 * total; then puts it in storage under `key`. `onProgress` hears the share of photo bytes done, 0 to 1.
 */
export async function writeDataArchive(
  sql: Sql,
  storage: PhotoStorage,
  { userId, key, onProgress }: { userId: string; key: string; onProgress: (done: number) => Promise<void> },
): Promise<{ byteSize: number }> {
  const data = await readArchiveData(sql, userId);
  const directory = await mkdtemp(join(tmpdir(), 'hearth-export-'));
  const path = join(directory, 'archive.zip');
  try {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(path));
    zip.addBuffer(Buffer.from(archiveIndexHtml(data)), 'index.html');
    for (const [file, value] of jsonFiles(data)) zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), file);

    const totalBytes = data.photos.reduce((sum, photo) => sum + photo.byteSize, 0) || 1;
    let doneBytes = 0;
    let reported = 0;
    for (const photo of data.photos) {
      // Opened only when the ZIP reaches it: one photo's stream at a time.
      zip.addReadStreamLazy(photo.file, { compress: false, mtime: photo.createdAt }, (callback) => {
        storage.read(storageKeys.original(photo.sha256)).then(
          (stored) => {
            if (!stored) return callback(new Error(`the original of photo ${photo.id} is missing`), undefined as never);
            stored.stream.on('end', () => {
              doneBytes += photo.byteSize;
              const done = doneBytes / totalBytes;
              if (done - reported >= 0.05) {
                reported = done;
                void onProgress(done).catch(() => {});
              }
            });
            callback(null, stored.stream);
          },
          (error: Error) => callback(error, undefined as never),
        );
      });
    }
    zip.end();
    await written;
    await storage.putFile(key, path, 'application/zip');
    return { byteSize: (await stat(path)).size };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
