import { joinRelationshipTypes } from '../../schema/choices.ts';
import type { MutationArgs, MutationName, SyncedFamily, SyncedTable } from '../../schema/sync.ts';
import type { HearthDb } from '../../pwa/db/hearth-db.ts';

/** The nemesis's source of chance (seeded, so a failing seed runs the same way again). */
export type Random = {
  next(): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T | undefined;
  uuid(): string;
};

/** What a person acting on one of their devices sees and can do, in one family their screen shows. */
export type ActionContext = {
  tab: HearthDb;
  family: SyncedFamily;
  userId: string;
  random: Random;
  /** Text no other write has, so two writes never look alike. */
  text(what: string): string;
  /** Uploads a photo's file to the server, as a device does before naming it (false when the upload failed). */
  uploadPhoto(familyId: string, photoId: string): Promise<boolean>;
};

/** How often a person does it, and its arguments on what their screen shows (null: nothing to do it to). */
type Action<N extends MutationName> = { weight: number; args(context: ActionContext): Promise<MutationArgs<N> | null> };

const day = 24 * 60 * 60 * 1000;

function rowsOf<T extends SyncedTable>(context: ActionContext, table: T) {
  return context.tab.table(table).where('familyId').equals(context.family.id).toArray() as Promise<
    { id: string; [field: string]: unknown }[]
  >;
}

async function pickRow(context: ActionContext, table: SyncedTable): Promise<{ id: string; [field: string]: unknown } | undefined> {
  return context.random.pick(await rowsOf(context, table));
}

/** Mostly one of the person's own (people delete what they wrote), sometimes anyone's (refused unless an admin). */
async function pickOwnRow(context: ActionContext, table: SyncedTable, authorField: string) {
  const rows = await rowsOf(context, table);
  const own = rows.filter((row) => row[authorField] === context.userId);
  return context.random.pick(own.length > 0 && context.random.chance(0.75) ? own : rows);
}

function eventFields({ random, text }: ActionContext) {
  return {
    title: text('Event').slice(0, 60),
    description: random.chance(0.3) ? text('About') : null,
    location: null,
    // Some have already started: answers to those are refused.
    startDate: new Date(Date.now() + (random.chance(0.2) ? -day : 30 * day)).toISOString(),
    endDate: null,
    timeZone: random.pick(['Europe/London', 'America/New_York', 'Asia/Tokyo'])!,
    allDay: random.chance(0.2),
  };
}

/**
 * Every mutation there is, how often people do it, and on what: a new mutation fails the type check here until it is
 * weighed. Many are refused by the server on purpose (someone else's post edited, a member not an admin renaming the
 * family, an answer to an event that has started), so refusals reach their authors under the nemesis too.
 */
export const nemesisActions: { [N in MutationName]: Action<N> } = {
  'family.create': {
    weight: 0.4,
    args: async ({ random }) => ({ familyId: random.uuid(), memberId: random.uuid(), name: `Family ${random.uuid().slice(0, 6)}` }),
  },
  'family.rename': {
    weight: 0.6,
    args: async ({ family, text }) => ({ familyId: family.id, name: text('Family').slice(0, 60) }),
  },
  // Leaving, or an admin removing someone (refused for anyone else, and for the last admin).
  'member.remove': {
    weight: 1,
    args: async (context) => {
      const member = await pickRow(context, 'members');
      return member ? { memberId: member.id } : null;
    },
  },
  'member.setRole': {
    weight: 1,
    args: async (context) => {
      const member = await pickRow(context, 'members');
      return member ? { memberId: member.id, role: context.random.pick(['admin', 'member'] as const)! } : null;
    },
  },
  'member.setRelationship': {
    weight: 0.8,
    args: async (context) => {
      const member = await pickRow(context, 'members');
      // "creator" belongs to whoever made the family: the others' are refused.
      const relationshipType = context.random.pick([...joinRelationshipTypes, 'creator'] as const)!;
      return member ? { memberId: member.id, relationshipType } : null;
    },
  },
  'post.create': {
    weight: 22,
    args: async ({ family, random, text }) => ({ postId: random.uuid(), familyId: family.id, content: text('Post') }),
  },
  // Only the author edits a post: the others' edits are refused.
  'post.update': {
    weight: 6,
    args: async (context) => {
      const post = await pickRow(context, 'posts');
      return post ? { postId: post.id, content: context.text('Edited') } : null;
    },
  },
  'post.delete': {
    weight: 4,
    args: async (context) => {
      const post = await pickOwnRow(context, 'posts', 'authorId');
      return post ? { postId: post.id } : null;
    },
  },
  'comment.create': {
    weight: 14,
    args: async (context) => {
      const post = await pickRow(context, 'posts');
      return post ? { commentId: context.random.uuid(), postId: post.id, content: context.text('Comment') } : null;
    },
  },
  'comment.delete': {
    weight: 6,
    args: async (context) => {
      const comment = await pickOwnRow(context, 'comments', 'authorId');
      return comment ? { commentId: comment.id } : null;
    },
  },
  'reaction.set': {
    weight: 9,
    args: async (context) => {
      const post = await pickRow(context, 'posts');
      return post ? { postId: post.id, reactionType: 'like', reacted: context.random.chance(0.6) } : null;
    },
  },
  'photo.create': {
    weight: 1.2,
    args: async ({ family, random, text, uploadPhoto }) => {
      const photoId = random.uuid();
      if (!(await uploadPhoto(family.id, photoId))) return null;
      return { photoId, familyId: family.id, albumId: null, title: text('Photo').slice(0, 60), description: null };
    },
  },
  // The uploader (or an admin) retitles or moves a photo; the others are refused.
  'photo.update': {
    weight: 1.5,
    args: async (context) => {
      const photo = await pickRow(context, 'photos');
      const album = await pickRow(context, 'albums');
      if (!photo) return null;
      const albumId = album && context.random.chance(0.5) ? album.id : null;
      return { photoId: photo.id, albumId, title: context.text('Photo').slice(0, 60), description: null };
    },
  },
  'photo.delete': {
    weight: 0.6,
    args: async (context) => {
      const photo = await pickRow(context, 'photos');
      return photo ? { photoId: photo.id } : null;
    },
  },
  'album.create': {
    weight: 1,
    args: async ({ family, random, text }) => ({
      albumId: random.uuid(),
      familyId: family.id,
      name: text('Album').slice(0, 60),
      description: null,
    }),
  },
  // Its maker or an admin; the others are refused.
  'album.update': {
    weight: 1,
    args: async (context) => {
      const album = await pickRow(context, 'albums');
      const photo = await pickRow(context, 'photos');
      if (!album) return null;
      return {
        albumId: album.id,
        name: context.text('Renamed').slice(0, 60),
        description: context.random.chance(0.5) ? context.text('About') : null,
        coverPhotoId: photo && context.random.chance(0.3) ? photo.id : null,
      };
    },
  },
  // Its maker or an admin; the others are refused.
  'album.delete': {
    weight: 0.5,
    args: async (context) => {
      const album = await pickRow(context, 'albums');
      return album ? { albumId: album.id } : null;
    },
  },
  'event.create': {
    weight: 1.2,
    args: async (context) => ({ eventId: context.random.uuid(), familyId: context.family.id, ...eventFields(context) }),
  },
  'event.update': {
    weight: 0.8,
    args: async (context) => {
      const event = await pickRow(context, 'events');
      return event ? { eventId: event.id, ...eventFields(context) } : null;
    },
  },
  'event.delete': {
    weight: 0.4,
    args: async (context) => {
      const event = await pickRow(context, 'events');
      return event ? { eventId: event.id } : null;
    },
  },
  'event.rsvp': {
    weight: 1.5,
    args: async (context) => {
      const event = await pickRow(context, 'events');
      const status = context.random.pick(['attending', 'not_attending', 'pending'] as const)!;
      return event ? { eventId: event.id, status } : null;
    },
  },
  // Some show the sender's photo, some someone else's (refused).
  'message.send': {
    weight: 12,
    args: async (context) => {
      const photo = context.random.chance(0.15) ? await pickRow(context, 'photos') : undefined;
      const messageId = context.random.uuid();
      const familyId = context.family.id;
      return photo
        ? { messageId, familyId, messageType: 'photo', photoId: photo.id }
        : { messageId, familyId, messageType: 'text', content: context.text('Message') };
    },
  },
  // Others' messages are refused unless the sender is an admin.
  'message.delete': {
    weight: 5,
    args: async (context) => {
      const message = await pickOwnRow(context, 'messages', 'senderId');
      return message ? { messageId: message.id } : null;
    },
  },
  // Read positions only move forward: one behind changes nothing.
  'chat.read': {
    weight: 2,
    args: async (context) => {
      const message = await pickRow(context, 'messages');
      const number = typeof message?.number === 'number' ? message.number : 1;
      return { familyId: context.family.id, readThrough: Math.max(1, number + context.random.pick([-2, 0, 3])!) };
    },
  },
  'notification.read': {
    weight: 2,
    args: async (context) => {
      const notification = await pickRow(context, 'notifications');
      return notification ? { notificationId: notification.id } : null;
    },
  },
};

/** Picks a mutation by weight. */
export function pickMutation(random: Random): MutationName {
  const names = Object.keys(nemesisActions) as MutationName[];
  const total = names.reduce((sum, name) => sum + nemesisActions[name].weight, 0);
  let roll = random.next() * total;
  for (const name of names) {
    roll -= nemesisActions[name].weight;
    if (roll < 0) return name;
  }
  return names.at(-1)!;
}

/**
 * The rows a create makes, by the synced table devices know them by, and the server's table they live in: once the
 * server applied the create, each must be there, or tombstoned (a delete devices are told of).
 */
type CreatedRow = { table: SyncedTable; serverTable: string; id: string };

const createsRows: { [N in MutationName]?: (args: MutationArgs<N>) => CreatedRow[] } = {
  'family.create': ({ familyId, memberId }) => [
    { table: 'families', serverTable: 'families', id: familyId },
    { table: 'members', serverTable: 'family_members', id: memberId },
  ],
  'post.create': ({ postId }) => [{ table: 'posts', serverTable: 'posts', id: postId }],
  'comment.create': ({ commentId }) => [{ table: 'comments', serverTable: 'comments', id: commentId }],
  'photo.create': ({ photoId }) => [{ table: 'photos', serverTable: 'photos', id: photoId }],
  'album.create': ({ albumId }) => [{ table: 'albums', serverTable: 'albums', id: albumId }],
  'event.create': ({ eventId }) => [{ table: 'events', serverTable: 'events', id: eventId }],
  'message.send': ({ messageId }) => [{ table: 'messages', serverTable: 'messages', id: messageId }],
};

export function rowsCreatedBy<N extends MutationName>(name: N, args: MutationArgs<N>): CreatedRow[] {
  const rows = createsRows[name] as ((args: MutationArgs<N>) => CreatedRow[]) | undefined;
  return rows ? rows(args) : [];
}
