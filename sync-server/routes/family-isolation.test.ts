import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { mutationNames, rejections, syncProtocolVersion, type MutationName } from '../../schema/index.ts';
import { mutationArgsSchemas } from '../../schema/sync.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice, type NamedMutation } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';
import { recording, uploadVoiceFile } from '../testing/test-voice.ts';
import { isKnownUnscoped, touchesFamilyTable, unscopedStatements } from '../testing/unscoped-statements.ts';
import { frameCookieName } from './frame-routes.ts';

/**
 * A member of family A asks for family B's things by their real ids, on every API route and in every mutation: each
 * answer must be the one a random id gets (404, same body; the same refusal), and nothing in the database may
 * change. The routes come from the app itself, so a route added later without a case here fails the first test.
 */

/** What the app sends while `watching`: the statements of family B's own member reading it. */
const statements = new Map<string, unknown[]>();
let watching = false;
const context = useTestApp(
  {},
  {
    onStatement: (text, parameters) => {
      if (watching && !statements.has(text) && touchesFamilyTable(text)) statements.set(text, parameters);
    },
  },
);
const registered = new Set<string>();
let app: FastifyInstance;

/** Family B's ids (or random ones standing in for them). */
type Ids = {
  familyId: string;
  postId: string;
  commentId: string;
  memberId: string;
  invitationId: string;
  frameId: string;
  photoId: string;
  albumId: string;
  eventId: string;
  messageId: string;
  voiceNoteId: string;
  /** Bob's voice comment on his post, its voice note named (decision 0065). */
  voiceCommentId: string;
  /** A recording Carol uploaded in family B and has not named yet. */
  carolsRecordingId: string;
  /** Bob, family B's admin, who is tagged in its photo. */
  bobId: string;
  /** A notification of family B's other member (Bob's post told them). */
  notificationId: string;
  /** A notification of Bob's (Carol answered his event). */
  bobsNotificationId: string;
};

type Probe = { url: string; payload?: Record<string, unknown> | Buffer; headers?: Record<string, string> };

const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
const eventFields = {
  title: 'Family B only',
  description: null,
  location: null,
  startDate: nextWeek,
  endDate: null,
  timeZone: 'Europe/London',
  allDay: false,
};

/** Every route that reaches into a family by an id in its path, with what to send. */
const familyRoutes: Record<string, (ids: Ids) => Probe> = {
  'GET /api/families/:id/posts': (ids) => ({ url: `/api/families/${ids.familyId}/posts` }),
  'POST /api/families/:id/posts': (ids) => ({ url: `/api/families/${ids.familyId}/posts`, payload: { content: 'Hi' } }),
  'GET /api/families/:id/members': (ids) => ({ url: `/api/families/${ids.familyId}/members` }),
  'PATCH /api/families/:id': (ids) => ({ url: `/api/families/${ids.familyId}`, payload: { name: 'Taken over' } }),
  'PATCH /api/families/:id/members/:memberId': (ids) => ({
    url: `/api/families/${ids.familyId}/members/${ids.memberId}`,
    payload: { role: 'member', relationshipType: 'other' },
  }),
  'DELETE /api/families/:id/members/:memberId': (ids) => ({
    url: `/api/families/${ids.familyId}/members/${ids.memberId}`,
  }),
  'POST /api/families/:id/members/:memberId/reset-link': (ids) => ({
    url: `/api/families/${ids.familyId}/members/${ids.memberId}/reset-link`,
    payload: {},
  }),
  'POST /api/families/:id/invitations': (ids) => ({ url: `/api/families/${ids.familyId}/invitations`, payload: {} }),
  'GET /api/families/:id/invitations': (ids) => ({ url: `/api/families/${ids.familyId}/invitations` }),
  'DELETE /api/families/:id/invitations/:invitationId': (ids) => ({
    url: `/api/families/${ids.familyId}/invitations/${ids.invitationId}`,
  }),
  'POST /api/families/:id/frames': (ids) => ({ url: `/api/families/${ids.familyId}/frames`, payload: {} }),
  'GET /api/families/:id/frames': (ids) => ({ url: `/api/families/${ids.familyId}/frames` }),
  'DELETE /api/families/:id/frames/:frameId': (ids) => ({
    url: `/api/families/${ids.familyId}/frames/${ids.frameId}`,
  }),
  'POST /api/posts/:id/react': (ids) => ({ url: `/api/posts/${ids.postId}/react`, payload: { reactionType: 'like' } }),
  'GET /api/families/:id/photos': (ids) => ({ url: `/api/families/${ids.familyId}/photos` }),
  'POST /api/families/:id/photos': (ids) => ({
    url: `/api/families/${ids.familyId}/photos`,
    payload: { title: 'Mine now', imageUrl: `/api/photos/${ids.photoId}/preview` },
  }),
  'POST /api/families/:id/photos/:photoId/file': (ids) => ({
    url: `/api/families/${ids.familyId}/photos/${randomUUID()}/file`,
    payload: {},
  }),
  'GET /api/families/:id/photos/:photoId/upload': (ids) => ({
    url: `/api/families/${ids.familyId}/photos/${randomUUID()}/upload?length=1000`,
  }),
  'PATCH /api/families/:id/photos/:photoId/upload': (ids) => ({
    url: `/api/families/${ids.familyId}/photos/${randomUUID()}/upload`,
    headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'upload-length': '1000' },
    payload: Buffer.alloc(1000),
  }),
  'GET /api/photos/:photoId/:size': (ids) => ({ url: `/api/photos/${ids.photoId}/original` }),
  'GET /api/families/:id/photos/:photoId/:size': (ids) => ({
    url: `/api/families/${ids.familyId}/photos/${ids.photoId}/thumb`,
  }),
  'POST /api/families/:id/voice-notes/:voiceNoteId/file': (ids) => ({
    url: `/api/families/${ids.familyId}/voice-notes/${randomUUID()}/file`,
    payload: {},
  }),
  'GET /api/families/:id/voice-notes/:voiceNoteId/audio': (ids) => ({
    url: `/api/families/${ids.familyId}/voice-notes/${ids.voiceNoteId}/audio`,
  }),
  'GET /api/families/:id/albums': (ids) => ({ url: `/api/families/${ids.familyId}/albums` }),
  'POST /api/families/:id/albums': (ids) => ({
    url: `/api/families/${ids.familyId}/albums`,
    payload: { name: 'Ours' },
  }),
  'GET /api/families/:id/events': (ids) => ({ url: `/api/families/${ids.familyId}/events` }),
  'POST /api/families/:id/events': (ids) => ({
    url: `/api/families/${ids.familyId}/events`,
    payload: { title: 'Ours', startDate: nextWeek },
  }),
  'POST /api/events/:id/rsvp': (ids) => ({ url: `/api/events/${ids.eventId}/rsvp`, payload: { status: 'attending' } }),
  'GET /api/events/:id/rsvps': (ids) => ({ url: `/api/events/${ids.eventId}/rsvps` }),
  'GET /api/events/:id/calendar.ics': (ids) => ({ url: `/api/events/${ids.eventId}/calendar.ics` }),
  'GET /api/families/:id/messages': (ids) => ({ url: `/api/families/${ids.familyId}/messages?before=2` }),
  'POST /api/families/:id/messages': (ids) => ({
    url: `/api/families/${ids.familyId}/messages`,
    payload: { content: 'Hi' },
  }),
};

/** Routes that name no family resource by id, and why they cannot reach into another family. */
const notFamilyRoutes: Record<string, string> = {
  'GET /api/health': 'no data',
  'GET /api/openapi.json': 'no data: the API document',
  'POST /api/auth/signup': 'the caller’s own account',
  'POST /api/auth/login': 'the caller’s own account',
  'GET /api/auth/user': 'the caller’s own account',
  'PATCH /api/auth/user': 'the caller’s own account',
  'POST /api/auth/password': 'the caller’s own account',
  'GET /api/auth/sign-in-methods': 'the caller’s own account',
  'POST /api/auth/password/set': 'the caller’s own account',
  'POST /api/auth/google/unlink': 'the caller’s own account',
  'GET /api/auth/sessions': 'the caller’s own sessions',
  'DELETE /api/auth/sessions/:id': 'ends only a session of the caller (account-routes.test.ts)',
  'POST /api/auth/sessions/sign-out-others': 'the caller’s own sessions',
  'POST /api/auth/delete-account': 'the caller’s own account (account-routes.test.ts)',
  'GET /api/auth/providers': 'no data',
  'POST /api/auth/password-reset/email': 'emails a link only to the address’s own inbox, the same answer for any',
  'POST /api/auth/password-reset': 'the token is the permission, and opens only the account it was made for',
  'POST /api/auth/passkeys/options': 'the caller’s own account',
  'POST /api/auth/passkeys': 'the caller’s own account',
  'GET /api/auth/passkeys': 'the caller’s own passkeys',
  'DELETE /api/auth/passkeys/:id': 'removes only a passkey of the caller (passkey-routes.test.ts)',
  'POST /api/auth/passkeys/sign-in/options': 'no data: a challenge for this browser',
  'POST /api/auth/passkeys/sign-in': 'the passkey is the permission, and signs in only its own person',
  'POST /api/auth/passkeys/sign-up/options': 'no data: makes nothing until answered; an invitation is only checked open',
  'POST /api/auth/passkeys/sign-up': 'makes a new account of its own, which belongs to no family yet',
  'POST /api/auth/passkeys/confirm/options': 'the caller’s own passkeys',
  'POST /api/auth/passkeys/confirm': 'only one of the caller’s own passkeys confirms (passkey-routes.test.ts)',
  'POST /api/auth/email-sign-in': 'emails a link only to the address’s own inbox, the same answer for any',
  'POST /api/auth/email-sign-in/use': 'the token (and its browser or code) is the permission, for its own account only',
  'GET /api/auth/google': 'a redirect',
  'GET /api/auth/google/callback': 'the caller’s own account',
  'GET /api/logout': 'the caller’s own session',
  'POST /api/logout': 'the caller’s own session',
  'GET /api/login': 'a redirect',
  'GET /api/settings': 'the caller’s own settings',
  'PATCH /api/settings': 'the caller’s own settings',
  'POST /api/public/early-access': 'public form',
  'POST /api/public/newsletter': 'public form',
  'POST /api/public/suggestions': 'public form',
  'POST /api/contact': 'public form',
  'GET /api/public/contact-addresses': 'no data: the server’s own addresses',
  'GET /api/families': 'lists the caller’s own families (checked below)',
  'POST /api/families': 'creates a new family',
  'POST /api/sync/push': 'names families inside mutations (every mutation is checked below)',
  'POST /api/sync/pull': 'names families inside cursors (checked below)',
  'GET /api/sync/live': 'pokes for the caller’s own families only',
  'POST /api/sync/forget-device': 'forgets only a device of the caller (checked below)',
  'POST /api/invitations/lookup': 'the token is the permission: only whoever holds a link can use it',
  'POST /api/invitations/accept': 'the token is the permission: only whoever holds a link can use it',
  'POST /api/frame/open': 'the token is the permission: only whoever holds a frame link can use it, once',
  'GET /api/frame/photos': 'the frame’s own family only (checked below)',
  'GET /api/frame/photos/:photoId/:size': 'photos of the frame’s own family only (checked below)',
  'GET /api/frame/live': 'pokes for the frame’s own family only (frame-routes.test.ts)',
  'GET /api/calendar-feed': 'the caller’s own calendar address',
  'POST /api/calendar-feed': 'the caller’s own calendar address',
  'DELETE /api/calendar-feed': 'the caller’s own calendar address',
  'GET /api/notification-channels': 'the server’s public push key and whether it sends email',
  'PUT /api/push/subscription': 'a device of the caller only (push.test.ts)',
  'DELETE /api/push/subscription/:deviceId': 'removes only a subscription of the caller (push.test.ts)',
  'POST /api/exports': 'an archive of the caller’s own data',
  'GET /api/exports/latest': 'the caller’s own archive',
  'GET /api/exports/:id/download': 'only the caller’s own newest archive (data-exports.test.ts)',
  'GET /api/digest/page.css': 'no data',
  'GET /api/digest/unsubscribe': 'the token is the permission, and only turns its owner’s digest off',
  'POST /api/digest/unsubscribe': 'the token is the permission, and only turns its owner’s digest off',
  'GET /api/calendar/:file':
    'the token is the permission, and lists only its owner’s families now (calendar-routes.test.ts)',
};

/** Every mutation, aimed at family B's rows. A create aimed at B's family is refused like any other write. */
const mutationsAt: Record<Exclude<MutationName, 'family.create'>, (ids: Ids) => NamedMutation> = {
  'family.rename': (ids) => ({ name: 'family.rename', args: { familyId: ids.familyId, name: 'Taken over' } }),
  'post.create': (ids) => ({
    name: 'post.create',
    args: { postId: randomUUID(), familyId: ids.familyId, content: 'x' },
  }),
  'post.update': (ids) => ({
    name: 'post.update',
    args: { postId: ids.postId, familyId: ids.familyId, content: 'Rewritten' },
  }),
  'post.delete': (ids) => ({ name: 'post.delete', args: { postId: ids.postId, familyId: ids.familyId } }),
  'comment.create': (ids) => ({
    name: 'comment.create',
    args: { commentId: randomUUID(), postId: ids.postId, familyId: ids.familyId, content: 'x' },
  }),
  'comment.delete': (ids) => ({
    name: 'comment.delete',
    args: { commentId: ids.commentId, familyId: ids.familyId },
  }),
  'reaction.set': (ids) => ({
    name: 'reaction.set',
    args: { postId: ids.postId, familyId: ids.familyId, reactionType: 'like', reacted: true },
  }),
  'member.remove': (ids) => ({ name: 'member.remove', args: { memberId: ids.memberId, familyId: ids.familyId } }),
  'member.setRole': (ids) => ({
    name: 'member.setRole',
    args: { memberId: ids.memberId, familyId: ids.familyId, role: 'member' },
  }),
  'member.setRelationship': (ids) => ({
    name: 'member.setRelationship',
    args: { memberId: ids.memberId, familyId: ids.familyId, relationshipType: 'other' },
  }),
  'photo.create': (ids) => ({
    name: 'photo.create',
    args: { photoId: ids.photoId, familyId: ids.familyId, albumId: null, title: null, description: null },
  }),
  'photo.update': (ids) => ({
    name: 'photo.update',
    args: { photoId: ids.photoId, familyId: ids.familyId, albumId: null, title: 'Renamed', description: null },
  }),
  'photo.delete': (ids) => ({ name: 'photo.delete', args: { photoId: ids.photoId, familyId: ids.familyId } }),
  'album.create': (ids) => ({
    name: 'album.create',
    args: { albumId: randomUUID(), familyId: ids.familyId, name: 'Ours', description: null },
  }),
  'album.update': (ids) => ({
    name: 'album.update',
    args: { albumId: ids.albumId, familyId: ids.familyId, name: 'Ours', description: null, coverPhotoId: null },
  }),
  'album.delete': (ids) => ({ name: 'album.delete', args: { albumId: ids.albumId, familyId: ids.familyId } }),
  'event.create': (ids) => ({
    name: 'event.create',
    args: { eventId: randomUUID(), familyId: ids.familyId, ...eventFields },
  }),
  'event.update': (ids) => ({
    name: 'event.update',
    args: { eventId: ids.eventId, familyId: ids.familyId, ...eventFields },
  }),
  'event.delete': (ids) => ({ name: 'event.delete', args: { eventId: ids.eventId, familyId: ids.familyId } }),
  'event.rsvp': (ids) => ({
    name: 'event.rsvp',
    args: { eventId: ids.eventId, familyId: ids.familyId, status: 'attending' },
  }),
  'message.send': (ids) => ({
    name: 'message.send',
    args: { messageId: randomUUID(), familyId: ids.familyId, messageType: 'text', content: 'x' },
  }),
  'message.delete': (ids) => ({
    name: 'message.delete',
    args: { messageId: ids.messageId, familyId: ids.familyId },
  }),
  'chat.read': (ids) => ({ name: 'chat.read', args: { familyId: ids.familyId, readThrough: 1 } }),
  'notification.read': (ids) => ({
    name: 'notification.read',
    args: { notificationId: ids.notificationId, familyId: ids.familyId },
  }),
  'voiceNote.create': (ids) => ({
    name: 'voiceNote.create',
    args: { voiceNoteId: randomUUID(), familyId: ids.familyId, on: 'photo', photoId: ids.photoId },
  }),
  'voiceNote.delete': (ids) => ({
    name: 'voiceNote.delete',
    args: { voiceNoteId: ids.voiceNoteId, familyId: ids.familyId },
  }),
  'photo.tag': (ids) => ({
    name: 'photo.tag',
    args: { photoId: ids.photoId, familyId: ids.familyId, userId: ids.bobId, point: null },
  }),
  'photo.untag': (ids) => ({
    name: 'photo.untag',
    args: { photoId: ids.photoId, familyId: ids.familyId, userId: ids.bobId },
  }),
};

function withoutFamily(args: Record<string, unknown>) {
  const { familyId: _, ...rest } = args;
  return rest;
}

/**
 * The mutations that name a row of the family (a post, a member) besides its family: the family may be left out, as
 * an app from before writes named it left it out (decision 0067). Named with Alice's own family or with none, family
 * B's row must read as a random id's.
 */
const rowNamingMutations = Object.entries(mutationsAt).filter(([name, at]) => {
  const { args } = at(randomIds());
  return 'familyId' in args && mutationArgsSchemas[name as MutationName].safeParse(withoutFamily(args)).success;
});

/**
 * What Carol, a plain member of family B, may not do to what Bob (its admin) made or is: every mutation that names a
 * row of someone else's, each refused with its own reason, nothing changed. `ownWritesOnly` names the mutations that
 * write only the sender's own rows, so a mutation added later without a case here fails the first test below.
 */
const plainMemberRefusals: Record<string, { at: (ids: Ids) => NamedMutation; reason: string }> = {
  "renames Bob's family": { at: mutationsAt['family.rename'], reason: rejections.adminsOnly },
  "edits Bob's post": { at: mutationsAt['post.update'], reason: rejections.notYourPost },
  "deletes Bob's post": { at: mutationsAt['post.delete'], reason: rejections.notAllowedToDelete },
  "shows Bob's photo in a post of her own": {
    at: (ids) => ({
      name: 'post.create',
      args: { postId: randomUUID(), familyId: ids.familyId, content: 'Look', photoIds: [ids.photoId] },
    }),
    reason: rejections.photoOfSomeoneElse,
  },
  "deletes Bob's comment": { at: mutationsAt['comment.delete'], reason: rejections.notAllowedToDelete },
  'removes Bob from the family': { at: mutationsAt['member.remove'], reason: rejections.adminsOnly },
  "changes Bob's role": { at: mutationsAt['member.setRole'], reason: rejections.adminsOnly },
  'says how Bob is related': { at: mutationsAt['member.setRelationship'], reason: rejections.adminsOnly },
  "takes Bob's photo as hers": {
    at: (ids) => ({
      name: 'photo.create',
      args: { photoId: ids.photoId, familyId: ids.familyId, albumId: null, title: 'Mine', description: null },
    }),
    reason: rejections.idTaken,
  },
  "changes Bob's photo": { at: mutationsAt['photo.update'], reason: rejections.notYourPhoto },
  "deletes Bob's photo": { at: mutationsAt['photo.delete'], reason: rejections.notAllowedToDelete },
  "renames Bob's album": { at: mutationsAt['album.update'], reason: rejections.notYourAlbum },
  "gives Bob's album another cover": {
    at: (ids) => ({
      name: 'album.update',
      args: {
        albumId: ids.albumId,
        familyId: ids.familyId,
        name: 'Family B only',
        description: null,
        coverPhotoId: ids.photoId,
      },
    }),
    reason: rejections.notYourAlbum,
  },
  "removes Bob's tag of himself": { at: mutationsAt['photo.untag'], reason: rejections.notYourTag },
  'tags someone not in the family in a photo': {
    at: (ids) => ({
      name: 'photo.tag',
      args: { photoId: ids.photoId, familyId: ids.familyId, userId: alice.user.id, point: null },
    }),
    reason: rejections.notInFamily,
  },
  "deletes Bob's album": { at: mutationsAt['album.delete'], reason: rejections.notAllowedToDelete },
  "changes Bob's event": { at: mutationsAt['event.update'], reason: rejections.notYourEvent },
  "deletes Bob's event": { at: mutationsAt['event.delete'], reason: rejections.notAllowedToDelete },
  "shows Bob's photo in the chat": {
    at: (ids) => ({
      name: 'message.send',
      args: { messageId: randomUUID(), familyId: ids.familyId, messageType: 'photo', photoId: ids.photoId },
    }),
    reason: rejections.photoOfSomeoneElse,
  },
  "deletes Bob's message": { at: mutationsAt['message.delete'], reason: rejections.notAllowedToDelete },
  "takes Bob's voice message as her story of his photo": {
    at: (ids) => ({
      name: 'voiceNote.create',
      args: { voiceNoteId: ids.voiceNoteId, familyId: ids.familyId, on: 'photo', photoId: ids.photoId },
    }),
    reason: rejections.idTaken,
  },
  "deletes Bob's voice note": { at: mutationsAt['voiceNote.delete'], reason: rejections.notAllowedToDelete },
  "names her recording as the sound of Bob's voice comment": {
    at: (ids) => ({
      name: 'voiceNote.create',
      args: { voiceNoteId: ids.carolsRecordingId, familyId: ids.familyId, on: 'comment', commentId: ids.voiceCommentId },
    }),
    reason: rejections.notYourVoiceComment,
  },
  "reads Bob's notification": {
    at: (ids) => ({ name: 'notification.read', args: { notificationId: ids.bobsNotificationId } }),
    reason: rejections.notMember,
  },
};

/** Mutations that write only the sender's own rows (a new row of theirs, their own answer or read position). */
const ownWritesOnly: Partial<Record<MutationName, string>> = {
  'family.create': 'a new family, of which the sender is the admin',
  'comment.create': 'a new comment of the sender’s',
  'reaction.set': 'the sender’s own reaction',
  'album.create': 'a new album of the sender’s',
  'event.create': 'a new event of the sender’s',
  'event.rsvp': 'the sender’s own answer',
  'chat.read': 'the sender’s own read position',
};

/** The REST writes a plain member may not make to what another member made or is. */
const plainMemberRestRefusals: Record<string, (ids: Ids) => Probe & { method: 'PATCH' | 'DELETE' }> = {
  'PATCH /api/families/:id': (ids) => ({ method: 'PATCH', ...familyRoutes['PATCH /api/families/:id']!(ids) }),
  'PATCH /api/families/:id/members/:memberId': (ids) => ({
    method: 'PATCH',
    ...familyRoutes['PATCH /api/families/:id/members/:memberId']!(ids),
  }),
  'DELETE /api/families/:id/members/:memberId': (ids) => ({
    method: 'DELETE',
    ...familyRoutes['DELETE /api/families/:id/members/:memberId']!(ids),
  }),
  'DELETE /api/families/:id/invitations/:invitationId': (ids) => ({
    method: 'DELETE',
    ...familyRoutes['DELETE /api/families/:id/invitations/:invitationId']!(ids),
  }),
  'DELETE /api/families/:id/frames/:frameId': (ids) => ({
    method: 'DELETE',
    ...familyRoutes['DELETE /api/families/:id/frames/:frameId']!(ids),
  }),
};

function randomIds(): Ids {
  return {
    familyId: randomUUID(),
    postId: randomUUID(),
    commentId: randomUUID(),
    memberId: randomUUID(),
    invitationId: randomUUID(),
    frameId: randomUUID(),
    photoId: randomUUID(),
    albumId: randomUUID(),
    eventId: randomUUID(),
    messageId: randomUUID(),
    voiceNoteId: randomUUID(),
    voiceCommentId: randomUUID(),
    carolsRecordingId: randomUUID(),
    bobId: randomUUID(),
    notificationId: randomUUID(),
    bobsNotificationId: randomUUID(),
  };
}

async function notificationOf(userId: string): Promise<string> {
  const [row] = await context.sql<{ id: string }[]>`select id from notifications where user_id = ${userId} limit 1`;
  if (!row) throw new Error('family B has no notification');
  return row.id;
}

/**
 * A fingerprint of every table's rows: equal before and after means nothing was written. Rate limits count every
 * attempt, refused or not, and hold no family data.
 */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await context.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
    order by table_name
  `;
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await context.sql<{ digest: string }[]>`
      select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${context.sql(name)} t
    `;
    fingerprint[name] = row?.digest ?? '';
  }
  return fingerprint;
}

/** A push moves the device's watermark and records its refusals; those tables hold no family data. */
function withoutPushBookkeeping(fingerprint: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fingerprint).filter(([table]) => table !== 'sync_devices' && table !== 'sync_rejections'),
  );
}

let alice: TestAccount;
let familyAId: string;
let aliceDevice: TestDevice;
let familyB: Ids;
let bob: TestAccount;
let bobDeviceId: string;
let carol: TestAccount;
let carolDevice: TestDevice;

beforeAll(async () => {
  // With Google sign-in configured, so that every route the app can have is registered.
  const google = { clientId: 'client-id', clientSecret: 'client-secret' };
  app = await context.buildApp({ google }, { onRoute: ({ method, url }) => registered.add(`${method} ${url}`) });

  // Alice is an admin of her own family A: whatever she is refused in B is not for lack of a role.
  alice = await signUp(app);
  aliceDevice = new TestDevice(app, alice);
  familyAId = (await createFamily(aliceDevice, 'Family A')).familyId;

  bob = await signUp(app);
  const bobDevice = new TestDevice(app, bob);
  bobDeviceId = bobDevice.id;
  const { familyId, memberId } = await createFamily(bobDevice, 'Family B');
  carol = await signUp(app);
  carolDevice = new TestDevice(app, carol);
  await addMember(context.sql, familyId, carol.user.id);
  const postId = randomUUID();
  const commentId = randomUUID();
  const photoId = randomUUID();
  const albumId = randomUUID();
  const eventId = randomUUID();
  const messageId = randomUUID();
  const voiceNoteId = randomUUID();
  const upload = await uploadPhotoFile(app, bob.cookie, { familyId, photoId, bytes: await phonePhoto() });
  expect(upload.statusCode).toBe(201);
  const voiceUpload = await uploadVoiceFile(app, bob.cookie, {
    familyId,
    voiceNoteId,
    bytes: await recording('chromeWebm'),
  });
  expect(voiceUpload.statusCode).toBe(201);
  await bobDevice.send(
    { name: 'post.create', args: { postId, familyId, content: 'Family B only' } },
    { name: 'comment.create', args: { commentId, postId, content: 'Family B only' } },
    { name: 'reaction.set', args: { postId, reactionType: 'like', reacted: true } },
    { name: 'album.create', args: { albumId, familyId, name: 'Family B only', description: null } },
    { name: 'photo.create', args: { photoId, familyId, albumId, title: 'Family B only', description: null } },
    { name: 'photo.tag', args: { photoId, userId: bob.user.id, point: { x: 0.5, y: 0.4 } } },
    { name: 'event.create', args: { eventId, familyId, ...eventFields } },
    { name: 'event.rsvp', args: { eventId, status: 'attending' } },
    { name: 'message.send', args: { messageId, familyId, messageType: 'text', content: 'Family B only' } },
    { name: 'message.send', args: { messageId: randomUUID(), familyId, messageType: 'photo', photoId } },
    { name: 'chat.read', args: { familyId, readThrough: 2 } },
  );
  // A voice message of Bob's, its recording named once it is up (decision 0058).
  const voiceMessageId = randomUUID();
  await bobDevice.send(
    { name: 'message.send', args: { messageId: voiceMessageId, familyId, messageType: 'voice' } },
    { name: 'voiceNote.create', args: { voiceNoteId, familyId, on: 'message', messageId: voiceMessageId } },
  );
  // A voice comment of Bob's, and a recording of Carol's not yet named as anything.
  const voiceCommentId = randomUUID();
  const voiceCommentNoteId = randomUUID();
  const carolsRecordingId = randomUUID();
  for (const [account, id] of [
    [bob, voiceCommentNoteId],
    [carol, carolsRecordingId],
  ] as const) {
    const uploaded = await uploadVoiceFile(app, account.cookie, {
      familyId,
      voiceNoteId: id,
      bytes: await recording('chromeWebm'),
    });
    expect(uploaded.statusCode).toBe(201);
  }
  await bobDevice.send(
    { name: 'comment.create', args: { commentId: voiceCommentId, postId, commentType: 'voice' } },
    {
      name: 'voiceNote.create',
      args: { voiceNoteId: voiceCommentNoteId, familyId, on: 'comment', commentId: voiceCommentId },
    },
  );
  await carolDevice.send({ name: 'event.rsvp', args: { eventId, status: 'attending' } });
  const invitation = await app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/invitations`,
    headers: { cookie: bob.cookie },
    payload: {},
  });
  expect(invitation.statusCode).toBe(201);
  const invitationId = invitation.json<{ id: string }>().id;
  const frame = await app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/frames`,
    headers: { cookie: bob.cookie },
    payload: {},
  });
  expect(frame.statusCode).toBe(201);
  familyB = {
    familyId,
    postId,
    commentId,
    memberId,
    invitationId,
    frameId: frame.json<{ id: string }>().id,
    photoId,
    albumId,
    eventId,
    messageId,
    voiceNoteId,
    voiceCommentId,
    carolsRecordingId,
    bobId: bob.user.id,
    notificationId: await notificationOf(carol.user.id),
    bobsNotificationId: await notificationOf(bob.user.id),
  };
});

describe('family isolation', () => {
  it('has a case for every API route', () => {
    // Fastify answers HEAD for every GET by itself; the GET's case covers it.
    const apiRoutes = [...registered].filter(
      (route) => route.split(' ')[1]?.startsWith('/api/') && !route.startsWith('HEAD '),
    );
    const uncovered = apiRoutes.filter((route) => !(route in familyRoutes) && !(route in notFamilyRoutes));
    expect(uncovered).toEqual([]);
    const stale = [...Object.keys(familyRoutes), ...Object.keys(notFamilyRoutes)].filter(
      (route) => !registered.has(route),
    );
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(familyRoutes))('%s answers for family B exactly as for a random id', async (route, probe) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
    const ask = (ids: Ids) => {
      const { url, payload, headers } = probe(ids);
      return app.inject({ method, url, headers: { ...headers, cookie: alice.cookie }, ...(payload ? { payload } : {}) });
    };
    const before = await databaseFingerprint();
    const foreign = await ask(familyB);
    const random = await ask(randomIds());
    expect(foreign.statusCode).toBe(404);
    expect(random.statusCode).toBe(404);
    expect(foreign.json()).toEqual(random.json());
    expect(await databaseFingerprint()).toEqual(before);
  });

  it.each(Object.entries(mutationsAt))('mutation %s is refused for family B as for a random id', async (_, at) => {
    const before = withoutPushBookkeeping(await databaseFingerprint());
    const answer = await aliceDevice.send(at(familyB), at(randomIds()));
    expect(answer.results).toEqual([
      expect.objectContaining({ status: 'rejected', reason: rejections.notMember }),
      expect.objectContaining({ status: 'rejected', reason: rejections.notMember }),
    ]);
    expect(withoutPushBookkeeping(await databaseFingerprint())).toEqual(before);
  });

  it.each(rowNamingMutations)(
    'mutation %s naming her own family, or none, is refused for family B’s row as for a random id',
    async (_, at) => {
      const before = withoutPushBookkeeping(await databaseFingerprint());
      const named = [at(familyB), at(randomIds())];
      const answer = await aliceDevice.send(
        ...named.map((mutation) => ({ ...mutation, args: { ...mutation.args, familyId: familyAId } }) as NamedMutation),
        ...named.map((mutation) => ({ ...mutation, args: withoutFamily(mutation.args) }) as NamedMutation),
      );
      expect(answer.results).toEqual(
        named.concat(named).map(() => expect.objectContaining({ status: 'rejected', reason: rejections.notMember })),
      );
      expect(withoutPushBookkeeping(await databaseFingerprint())).toEqual(before);
    },
  );

  it('lists only the caller’s families, and a pull for family B answers as for a random family', async () => {
    const families = await app.inject({ method: 'GET', url: '/api/families', headers: { cookie: alice.cookie } });
    expect(families.json<{ name: string }[]>().map((family) => family.name)).toEqual(['Family A']);

    const pull = await aliceDevice.postPull(
      [familyB.familyId, randomUUID()].map((familyId) => ({ familyId, version: 0, resume: null })),
    );
    const answer = pull.json<{ families: { familyId: string; status: string }[] }>();
    const about = (familyId: string) => answer.families.find((family) => family.familyId === familyId);
    const random = answer.families.find((family) => family.familyId !== familyB.familyId && family.status === 'drop');
    expect(about(familyB.familyId)).toEqual({ familyId: familyB.familyId, status: 'drop' });
    expect(random).toEqual({ familyId: random?.familyId, status: 'drop' });
    expect(pull.body).not.toContain('Family B');
  });

  it('forgetting family B’s device answers as for a random device, and forgets nothing', async () => {
    const before = await databaseFingerprint();
    const forget = (deviceId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sync/forget-device',
        headers: { cookie: alice.cookie },
        payload: { deviceId },
      });
    const foreign = await forget(bobDeviceId);
    const random = await forget(randomUUID());
    expect(foreign.statusCode).toBe(204);
    expect(random.statusCode).toBe(204);
    expect(await databaseFingerprint()).toEqual(before);
  });
});

describe('family B read by its own member', () => {
  it('names family B in every statement on a family table (decisions 0063, 0068)', async () => {
    const reads = Object.entries(familyRoutes).filter(([route]) => route.startsWith('GET '));
    watching = true;
    try {
      for (const [route, probe] of reads) {
        const { url, headers } = probe(familyB);
        const answer = await app.inject({ method: 'GET', url, headers: { ...headers, cookie: bob.cookie } });
        expect(answer.statusCode, route).toBeLessThan(400);
      }
    } finally {
      watching = false;
    }
    const unscoped = await unscopedStatements(context.databaseUrl, statements);
    expect(statements.size).toBeGreaterThan(reads.length);
    expect(unscoped.filter(({ text }) => !isKnownUnscoped(text))).toEqual([]);
  });
});

describe('a plain member', () => {
  it('has a case for every mutation', () => {
    const covered = new Set([
      ...Object.values(plainMemberRefusals).map(({ at }) => at(familyB).name),
      ...Object.keys(ownWritesOnly),
    ]);
    expect(mutationNames.filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(Object.entries(plainMemberRefusals))('is refused when she %s', async (_, { at, reason }) => {
    const before = withoutPushBookkeeping(await databaseFingerprint());
    const answer = await carolDevice.send(at(familyB));
    expect(answer.results).toEqual([expect.objectContaining({ status: 'rejected', reason })]);
    expect(withoutPushBookkeeping(await databaseFingerprint())).toEqual(before);
  });

  it.each(Object.entries(plainMemberRestRefusals))('is refused %s', async (_, probe) => {
    const { method, url, payload } = probe(familyB);
    const before = await databaseFingerprint();
    const answer = await app.inject({ method, url, headers: { cookie: carol.cookie }, ...(payload ? { payload } : {}) });
    expect(answer.statusCode).toBe(403);
    expect(await databaseFingerprint()).toEqual(before);
  });
});

describe('a photo frame of family A', () => {
  let frameCookie: string;

  beforeAll(async () => {
    const made = await app.inject({
      method: 'POST',
      url: `/api/families/${familyAId}/frames`,
      headers: { cookie: alice.cookie },
      payload: {},
    });
    const opened = await app.inject({
      method: 'POST',
      url: '/api/frame/open',
      payload: { token: made.json<{ token: string }>().token },
    });
    const cookie = opened.cookies.find((candidate) => candidate.name === frameCookieName);
    frameCookie = `${frameCookieName}=${cookie?.value}`;
  });

  it('sees none of family B’s photos, and gets for one exactly what a random id gets', async () => {
    const photos = await app.inject({ method: 'GET', url: '/api/frame/photos', headers: { cookie: frameCookie } });
    expect(photos.statusCode).toBe(200);
    expect(photos.json()).toEqual({ familyName: 'Family A', photos: [] });
    const ask = (photoId: string) =>
      app.inject({ method: 'GET', url: `/api/frame/photos/${photoId}/preview`, headers: { cookie: frameCookie } });
    const foreign = await ask(familyB.photoId);
    const random = await ask(randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(random.json());
  });

  it('is refused by every route that refuses a stranger, even aimed at its own family', async () => {
    const ownFamily = { ...randomIds(), familyId: familyAId };
    const personRoutes = [...registered].filter((route) => {
      const path = route.split(' ')[1] ?? '';
      return path.startsWith('/api/') && !path.startsWith('/api/frame/') && !route.startsWith('HEAD ');
    });
    const refused: string[] = [];
    for (const route of personRoutes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', string];
      const { url, payload, headers } = familyRoutes[route]?.(ownFamily) ?? {
        url: path.replace(/:[A-Za-z]+/g, randomUUID()),
      };
      const ask = (cookie?: string) =>
        app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
      if ((await ask()).statusCode !== 401) continue;
      refused.push(route);
      expect((await ask(frameCookie)).statusCode, route).toBe(401);
    }
    // Most of the API is a person's: the check above must have covered it.
    expect(refused.length).toBeGreaterThan(40);
  });
});
