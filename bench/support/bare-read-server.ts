/**
 * The bare baseline for the spec's reads (bench/reads-side-by-side.ts): Fastify and postgres.js, nothing else, each
 * answer one query whose JSON PostgreSQL makes: a family's newest 20 posts with their authors, likes and comments; a
 * person's families; a family's members with their names; its events with their makers; its newest 100 chat
 * messages (the route's default page) with their senders; a family's version (what a device holding everything asks
 * about); everything a device pulls of a family from the start (its row, members, their users, posts, comments,
 * likes, albums, photos, events and their answers, chat messages, and the person's chat read and notifications: the
 * same rows Hearth sends); a photo's thumbnail, its file found in the family and streamed from the disk store under
 * DATA_DIR. No session, no device bookkeeping, no membership check, no security headers: the floor
 * for the same answers from the same data. With COMPRESS=1 it compresses as Hearth does (brotli or gzip, as asked).
 * Run as its own process:
 * `DATABASE_URL=… PORT=… DATA_DIR=… [POOL_MAX=…] [COMPRESS=1] node --import tsx bench/support/bare-read-server.ts`.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import postgres from 'postgres';
import { storageKeys } from '../../sync-server/photos/photo-files.ts';

const sql = postgres(process.env.DATABASE_URL ?? '', { max: Number(process.env.POOL_MAX ?? 10), onnotice: () => {} });
const app = Fastify();
if (process.env.COMPRESS === '1') await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

app.get<{ Params: { familyId: string } }>('/feed/:familyId', async (request, reply) => {
  const [row] = await sql<{ page: string }[]>`
    select coalesce(json_agg(page.post order by page.created_at desc, page.id desc), '[]')::text as page from (
      select p.created_at, p.id, json_build_object(
        'id', p.id, 'familyId', p.family_id, 'authorId', p.author_id, 'content', p.content,
        'photoIds', to_json(p.photo_ids), 'createdAt', p.created_at, 'updatedAt', p.updated_at,
        'author', json_build_object('id', u.id, 'username', u.username, 'firstName', u.first_name,
          'lastName', u.last_name, 'profileImageUrl', u.profile_image_url),
        'reactions', coalesce((select json_agg(json_build_object('postId', r.post_id, 'userId', r.user_id,
          'reactionType', r.reaction_type, 'createdAt', r.created_at)) from post_reactions r where r.post_id = p.id), '[]'),
        'comments', coalesce((select json_agg(json_build_object('id', c.id, 'postId', c.post_id, 'authorId', c.author_id,
          'content', c.content, 'createdAt', c.created_at, 'author', json_build_object('id', cu.id, 'username', cu.username))
          order by c.created_at) from comments c join users cu on cu.id = c.author_id where c.post_id = p.id), '[]')
      ) as post
      from posts p join users u on u.id = p.author_id
      where p.family_id = ${request.params.familyId}
      order by p.created_at desc, p.id desc limit 20
    ) page
  `;
  return reply.type('application/json').send(row?.page ?? '[]');
});

app.get<{ Params: { userId: string } }>('/families/:userId', async (request, reply) => {
  const [row] = await sql<{ page: string }[]>`
    select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'description', f.description,
      'createdById', f.created_by_id, 'createdAt', f.created_at) order by f.created_at), '[]')::text as page
    from families f join family_members m on m.family_id = f.id where m.user_id = ${request.params.userId}
  `;
  return reply.type('application/json').send(row?.page ?? '[]');
});

app.get<{ Params: { familyId: string } }>('/members/:familyId', async (request, reply) => {
  const [row] = await sql<{ page: string }[]>`
    select coalesce(json_agg(json_build_object('id', m.id, 'familyId', m.family_id, 'userId', m.user_id,
      'role', m.role, 'relationshipType', m.relationship_type, 'joinedAt', m.joined_at,
      'user', json_build_object('id', u.id, 'username', u.username, 'firstName', u.first_name,
        'lastName', u.last_name, 'profileImageUrl', u.profile_image_url)) order by m.joined_at), '[]')::text as page
    from family_members m join users u on u.id = m.user_id where m.family_id = ${request.params.familyId}
  `;
  return reply.type('application/json').send(row?.page ?? '[]');
});

const publicUser = (alias: string) => sql`
  json_build_object('id', ${sql(alias)}.id, 'username', ${sql(alias)}.username, 'firstName', ${sql(alias)}.first_name,
    'lastName', ${sql(alias)}.last_name, 'profileImageUrl', ${sql(alias)}.profile_image_url)
`;

app.get<{ Params: { familyId: string } }>('/events/:familyId', async (request, reply) => {
  const [row] = await sql<{ page: string }[]>`
    select coalesce(json_agg(json_build_object('id', e.id, 'familyId', e.family_id, 'createdById', e.created_by_id,
      'title', e.title, 'description', e.description, 'startDate', e.start_date, 'endDate', e.end_date,
      'location', e.location, 'timeZone', e.time_zone, 'allDay', e.all_day, 'createdAt', e.created_at,
      'createdBy', ${publicUser('u')}) order by e.start_date, e.id), '[]')::text as page
    from events e join users u on u.id = e.created_by_id where e.family_id = ${request.params.familyId}
  `;
  return reply.type('application/json').send(row?.page ?? '[]');
});

app.get<{ Params: { familyId: string } }>('/messages/:familyId', async (request, reply) => {
  const [row] = await sql<{ page: string }[]>`
    select coalesce(json_agg(page.message order by page.number), '[]')::text as page from (
      select m.number, json_build_object('id', m.id, 'familyId', m.family_id, 'senderId', m.sender_id,
        'number', m.number, 'content', m.content, 'messageType', m.message_type, 'photoId', m.photo_id,
        'createdAt', m.created_at, 'deletedAt', m.deleted_at, 'sender', ${publicUser('u')}) as message
      from messages m join users u on u.id = m.sender_id where m.family_id = ${request.params.familyId}
      order by m.number desc limit 100
    ) page
  `;
  return reply.type('application/json').send(row?.page ?? '[]');
});

app.post<{ Params: { familyId: string; userId: string } }>('/pull/:familyId/:userId', async (request, reply) => {
  const { familyId, userId } = request.params;
  const [row] = await sql<{ page: string }[]>`
    select json_build_object(
      'families', (select json_agg(f) from families f where f.id = ${familyId}),
      'familyMembers', (select json_agg(m) from family_members m where m.family_id = ${familyId}),
      'users', (select json_agg(json_build_object('id', u.id, 'username', u.username, 'firstName', u.first_name,
        'lastName', u.last_name, 'profileImageUrl', u.profile_image_url, 'birthday', u.birthday))
        from users u join family_members m on m.user_id = u.id where m.family_id = ${familyId}),
      'posts', (select json_agg(p) from posts p where p.family_id = ${familyId}),
      'comments', (select json_agg(c) from comments c join posts p on p.id = c.post_id where p.family_id = ${familyId}),
      'postReactions', (select json_agg(r) from post_reactions r join posts p on p.id = r.post_id
        where p.family_id = ${familyId}),
      'albums', (select json_agg(a) from albums a where a.family_id = ${familyId}),
      'photos', (select json_agg(p) from photos p where p.family_id = ${familyId}),
      'events', (select json_agg(e) from events e where e.family_id = ${familyId}),
      'eventAttendees', (select json_agg(a) from event_attendees a where a.family_id = ${familyId}),
      'messages', (select json_agg(m) from messages m where m.family_id = ${familyId}),
      'chatReads', (select json_agg(r) from chat_reads r where r.family_id = ${familyId} and r.user_id = ${userId}),
      'notifications', (select json_agg(n) from notifications n where n.family_id = ${familyId}
        and n.user_id = ${userId})
    )::text as page
  `;
  return reply.type('application/json').send(row?.page ?? '{}');
});

app.get<{ Params: { familyId: string; photoId: string } }>('/thumb/:familyId/:photoId', async (request, reply) => {
  const [file] = await sql<{ sha256: string }[]>`
    select sha256 from photo_files where family_id = ${request.params.familyId} and photo_id = ${request.params.photoId}
  `;
  if (!file) return reply.code(404).send();
  // Where Hearth's disk store keeps it (app.ts: `DATA_DIR/photos`, then the store's own key).
  const path = join(process.env.DATA_DIR ?? '', 'photos', storageKeys.display(file.sha256, 'thumb'));
  return reply.type('image/webp').send(createReadStream(path));
});

app.get<{ Params: { familyId: string } }>('/version/:familyId', async (request) => {
  const [row] = await sql<{ version: string }[]>`select version from families where id = ${request.params.familyId}`;
  return { version: Number(row?.version ?? 0) };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
