import { joinRelationshipTypes } from '../../schema/choices.ts';
import type { MutationArgs, MutationName, SyncedFamily, SyncedMember, SyncedTable } from '../../schema/sync.ts';
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
  /** Uploads a recording to the server, as a device does before naming it as a voice note (false when it failed). */
  uploadVoice(familyId: string, voiceNoteId: string): Promise<boolean>;
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
      return member ? { memberId: member.id, familyId: context.family.id } : null;
    },
  },
  'member.setRole': {
    weight: 1,
    args: async (context) => {
      const member = await pickRow(context, 'members');
      const role = context.random.pick(['admin', 'member'] as const)!;
      return member ? { memberId: member.id, familyId: context.family.id, role } : null;
    },
  },
  'member.setRelationship': {
    weight: 0.8,
    args: async (context) => {
      const member = await pickRow(context, 'members');
      // "creator" belongs to whoever made the family: the others' are refused.
      const relationshipType = context.random.pick([...joinRelationshipTypes, 'creator'] as const)!;
      return member ? { memberId: member.id, familyId: context.family.id, relationshipType } : null;
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
      return post ? { postId: post.id, familyId: context.family.id, content: context.text('Edited') } : null;
    },
  },
  'post.delete': {
    weight: 4,
    args: async (context) => {
      const post = await pickOwnRow(context, 'posts', 'authorId');
      return post ? { postId: post.id, familyId: context.family.id } : null;
    },
  },
  // Now and then a voice comment, whose recording `voiceNote.create` names later (or never).
  'comment.create': {
    weight: 14,
    args: async (context) => {
      const post = await pickRow(context, 'posts');
      if (!post) return null;
      const [commentId, familyId] = [context.random.uuid(), context.family.id];
      if (context.random.chance(0.08)) return { commentId, postId: post.id, familyId, commentType: 'voice' };
      return { commentId, postId: post.id, familyId, content: context.text('Comment') };
    },
  },
  'comment.delete': {
    weight: 6,
    args: async (context) => {
      const comment = await pickOwnRow(context, 'comments', 'authorId');
      return comment ? { commentId: comment.id, familyId: context.family.id } : null;
    },
  },
  'reaction.set': {
    weight: 9,
    args: async (context) => {
      const post = await pickRow(context, 'posts');
      const reacted = context.random.chance(0.6);
      return post ? { postId: post.id, familyId: context.family.id, reactionType: 'like', reacted } : null;
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
      const title = context.text('Photo').slice(0, 60);
      return { photoId: photo.id, familyId: context.family.id, albumId, title, description: null };
    },
  },
  'photo.delete': {
    weight: 0.6,
    args: async (context) => {
      const photo = await pickRow(context, 'photos');
      return photo ? { photoId: photo.id, familyId: context.family.id } : null;
    },
  },
  // Anyone in the family as the device knows it, somewhere or at a point.
  'photo.tag': {
    weight: 2,
    args: async (context) => {
      const photo = await pickRow(context, 'photos');
      const member = await pickRow(context, 'members');
      if (!photo || !member) return null;
      const { random } = context;
      const point = random.chance(0.5) ? { x: random.next(), y: random.next() } : null;
      return { photoId: photo.id, familyId: context.family.id, userId: member.userId as string, point };
    },
  },
  // Mostly tags the sender made; the others' are refused unless of the sender or by an admin.
  'photo.untag': {
    weight: 1,
    args: async (context) => {
      const tag = await pickOwnRow(context, 'photoTags', 'taggedById');
      const familyId = context.family.id;
      return tag ? { photoId: tag.photoId as string, familyId, userId: tag.userId as string } : null;
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
        familyId: context.family.id,
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
      return album ? { albumId: album.id, familyId: context.family.id } : null;
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
      return event ? { eventId: event.id, familyId: context.family.id, ...eventFields(context) } : null;
    },
  },
  'event.delete': {
    weight: 0.4,
    args: async (context) => {
      const event = await pickRow(context, 'events');
      return event ? { eventId: event.id, familyId: context.family.id } : null;
    },
  },
  'event.rsvp': {
    weight: 1.5,
    args: async (context) => {
      const event = await pickRow(context, 'events');
      const status = context.random.pick(['attending', 'not_attending', 'pending'] as const)!;
      return event ? { eventId: event.id, familyId: context.family.id, status } : null;
    },
  },
  // Some show the sender's photo, some someone else's (refused).
  'message.send': {
    weight: 12,
    args: async (context) => {
      const photo = context.random.chance(0.15) ? await pickRow(context, 'photos') : undefined;
      const messageId = context.random.uuid();
      const familyId = context.family.id;
      if (photo) return { messageId, familyId, messageType: 'photo', photoId: photo.id };
      // A voice message, whose recording `voiceNote.create` names later (or never: the message stays soundless).
      if (context.random.chance(0.08)) return { messageId, familyId, messageType: 'voice' };
      return { messageId, familyId, messageType: 'text', content: context.text('Message') };
    },
  },
  // The sound of one of the person's voice messages or voice comments, or their story of a photo (told again, it
  // replaces the one before); sometimes someone else's voice message or comment, which is refused.
  'voiceNote.create': {
    weight: 1,
    args: async (context) => {
      const { family, random, tab } = context;
      const voiceMessages = (await rowsOf(context, 'messages')).filter((message) => message.messageType === 'voice');
      const voiceComments = (await rowsOf(context, 'comments')).filter((comment) => comment.commentType === 'voice');
      const message = random.chance(0.5) ? random.pick(voiceMessages) : undefined;
      const comment = message ? undefined : random.pick(voiceComments);
      const photo = message || comment ? undefined : await pickRow(context, 'photos');
      if (!message && !comment && !photo) return null;
      if (message && (await tab.voiceNotes.where('messageId').equals(message.id).count()) > 0) return null;
      if (comment && (await tab.voiceNotes.where('commentId').equals(comment.id).count()) > 0) return null;
      const voiceNoteId = random.uuid();
      if (!(await context.uploadVoice(family.id, voiceNoteId))) return null;
      if (message) return { voiceNoteId, familyId: family.id, on: 'message', messageId: message.id };
      if (comment) return { voiceNoteId, familyId: family.id, on: 'comment', commentId: comment.id };
      return { voiceNoteId, familyId: family.id, on: 'photo', photoId: photo!.id };
    },
  },
  // Its author or an admin; the others are refused.
  'voiceNote.delete': {
    weight: 0.4,
    args: async (context) => {
      const note = await pickOwnRow(context, 'voiceNotes', 'authorId');
      return note ? { voiceNoteId: note.id, familyId: context.family.id } : null;
    },
  },
  // Others' messages are refused unless the sender is an admin.
  'message.delete': {
    weight: 5,
    args: async (context) => {
      const message = await pickOwnRow(context, 'messages', 'senderId');
      return message ? { messageId: message.id, familyId: context.family.id } : null;
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
      return notification ? { notificationId: notification.id, familyId: context.family.id } : null;
    },
  },
};

/** What the set-up's first writes work on: the founder's and another member's screens of the family everyone is in. */
export type FirstWriteContext = { founder: ActionContext; member: ActionContext; secondFamily: SyncedFamily };

/** Writes of one mutation, each made on the screen (`by`) of the person allowed to make it. */
type FirstWrite<N extends MutationName> = (
  context: FirstWriteContext,
) => Promise<{ by: ActionContext; args: MutationArgs<N> }[]>;

async function ownRows(context: ActionContext, table: SyncedTable, field: string) {
  return (await rowsOf(context, table)).filter((row) => row[field] === context.userId);
}

/** A member's membership of a family, as the founder's screen shows it. */
async function membershipOf(founder: ActionContext, familyId: string, userId: string) {
  const members = (await founder.tab.table('members').where('familyId').equals(familyId).toArray()) as SyncedMember[];
  return members.find((member) => member.userId === userId)!;
}

const firstEventFields = (context: ActionContext) => ({
  ...eventFields(context),
  startDate: new Date(Date.now() + 30 * day).toISOString(),
});

/**
 * Every mutation once, allowed, in the set-up before the faults begin (the set-up's own `family.create` counts), in
 * this order: so every run applies every mutation (the check `every-mutation`), and the rare ones the weights above
 * seldom reach (a photo moved, an event deleted) are applied in every seed. Creates write two rows, deletes take one:
 * the faulty steps find a row of each kind. Typed over every mutation: a new one fails the type check here too.
 * The founder removes the member from the second family; the set-up invites them back.
 */
export const firstWrites: { [N in Exclude<MutationName, 'family.create'>]: FirstWrite<N> } = {
  'family.rename': async ({ founder }) => [{ by: founder, args: { familyId: founder.family.id, name: 'Nemesis family' } }],
  'member.setRole': async ({ founder, member, secondFamily }) => [
    {
      by: founder,
      args: {
        memberId: (await membershipOf(founder, secondFamily.id, member.userId)).id,
        familyId: secondFamily.id,
        role: 'admin',
      },
    },
  ],
  'member.setRelationship': async ({ founder, member }) => [
    {
      by: founder,
      args: {
        memberId: (await membershipOf(founder, founder.family.id, member.userId)).id,
        familyId: founder.family.id,
        relationshipType: joinRelationshipTypes.find((type) => type !== 'other')!,
      },
    },
  ],
  'member.remove': async ({ founder, member, secondFamily }) => [
    {
      by: founder,
      args: { memberId: (await membershipOf(founder, secondFamily.id, member.userId)).id, familyId: secondFamily.id },
    },
  ],
  'post.create': async ({ founder }) =>
    ['First post', 'Second post'].map((content) => ({
      by: founder,
      args: { postId: founder.random.uuid(), familyId: founder.family.id, content: founder.text(content) },
    })),
  'post.update': async ({ founder }) => {
    const [post] = await ownRows(founder, 'posts', 'authorId');
    return [{ by: founder, args: { postId: post!.id, familyId: founder.family.id, content: founder.text('Edited') } }];
  },
  // A comment on each post, and a voice comment on the first, which `post.delete` leaves (its recording named later).
  'comment.create': async ({ founder }) => {
    const posts = await ownRows(founder, 'posts', 'authorId');
    const familyId = founder.family.id;
    return [
      ...posts.map((post) => ({
        by: founder,
        args: { commentId: founder.random.uuid(), postId: post.id, familyId, content: founder.text('Comment') },
      })),
      {
        by: founder,
        args: { commentId: founder.random.uuid(), postId: posts[0]!.id, familyId, commentType: 'voice' as const },
      },
    ];
  },
  'comment.delete': async ({ founder }) => {
    const [comment] = (await ownRows(founder, 'comments', 'authorId')).filter((row) => row.commentType === 'text');
    return [{ by: founder, args: { commentId: comment!.id, familyId: founder.family.id } }];
  },
  'reaction.set': async ({ founder }) => {
    const [post] = await ownRows(founder, 'posts', 'authorId');
    const familyId = founder.family.id;
    return [{ by: founder, args: { postId: post!.id, familyId, reactionType: 'like', reacted: true } }];
  },
  'post.delete': async ({ founder }) => {
    const posts = await ownRows(founder, 'posts', 'authorId');
    return [{ by: founder, args: { postId: posts.at(-1)!.id, familyId: founder.family.id } }];
  },
  'album.create': async ({ founder }) =>
    ['First album', 'Second album'].map((name) => ({
      by: founder,
      args: { albumId: founder.random.uuid(), familyId: founder.family.id, name, description: null },
    })),
  'photo.create': async ({ founder }) => {
    const writes = [];
    for (const title of ['First photo', 'Second photo']) {
      const photoId = founder.random.uuid();
      if (!(await founder.uploadPhoto(founder.family.id, photoId))) continue;
      writes.push({ by: founder, args: { photoId, familyId: founder.family.id, albumId: null, title, description: null } });
    }
    return writes;
  },
  'photo.update': async ({ founder }) => {
    const [photo] = await ownRows(founder, 'photos', 'uploadedById');
    const [album] = await ownRows(founder, 'albums', 'createdById');
    const familyId = founder.family.id;
    const args = { photoId: photo!.id, familyId, albumId: album!.id, title: 'Moved', description: null };
    return [{ by: founder, args }];
  },
  'photo.tag': async ({ founder, member }) => {
    const [photo] = await ownRows(founder, 'photos', 'uploadedById');
    const familyId = founder.family.id;
    return [
      { by: founder, args: { photoId: photo!.id, familyId, userId: founder.userId, point: { x: 0.25, y: 0.5 } } },
      { by: founder, args: { photoId: photo!.id, familyId, userId: member.userId, point: null } },
    ];
  },
  'photo.untag': async ({ founder, member }) => {
    const [photo] = await ownRows(founder, 'photos', 'uploadedById');
    return [{ by: founder, args: { photoId: photo!.id, familyId: founder.family.id, userId: member.userId } }];
  },
  'album.update': async ({ founder }) => {
    const [album] = await ownRows(founder, 'albums', 'createdById');
    const [photo] = await ownRows(founder, 'photos', 'uploadedById');
    const familyId = founder.family.id;
    const args = { albumId: album!.id, familyId, name: 'Renamed', description: 'Ours', coverPhotoId: photo!.id };
    return [{ by: founder, args }];
  },
  'photo.delete': async ({ founder }) => {
    const photos = await ownRows(founder, 'photos', 'uploadedById');
    return [{ by: founder, args: { photoId: photos.at(-1)!.id, familyId: founder.family.id } }];
  },
  'album.delete': async ({ founder }) => {
    const albums = await ownRows(founder, 'albums', 'createdById');
    return [{ by: founder, args: { albumId: albums.at(-1)!.id, familyId: founder.family.id } }];
  },
  'event.create': async ({ founder }) =>
    [0, 1].map(() => ({
      by: founder,
      args: { eventId: founder.random.uuid(), familyId: founder.family.id, ...firstEventFields(founder) },
    })),
  'event.update': async ({ founder }) => {
    const [event] = await ownRows(founder, 'events', 'createdById');
    return [{ by: founder, args: { eventId: event!.id, familyId: founder.family.id, ...firstEventFields(founder) } }];
  },
  'event.rsvp': async ({ founder }) => {
    const [event] = await ownRows(founder, 'events', 'createdById');
    return [{ by: founder, args: { eventId: event!.id, familyId: founder.family.id, status: 'attending' } }];
  },
  'event.delete': async ({ founder }) => {
    const events = await ownRows(founder, 'events', 'createdById');
    return [{ by: founder, args: { eventId: events.at(-1)!.id, familyId: founder.family.id } }];
  },
  // A text and a voice message (left soundless: each recording costs the server a transcoding).
  'message.send': async ({ founder }) => {
    const [familyId, text] = [founder.family.id, founder.text('Message')];
    return [
      { by: founder, args: { messageId: founder.random.uuid(), familyId, messageType: 'text', content: text } },
      { by: founder, args: { messageId: founder.random.uuid(), familyId, messageType: 'voice' } },
    ];
  },
  // A story of the photo left, and the sound of the voice comment.
  'voiceNote.create': async ({ founder }) => {
    const [photo] = await ownRows(founder, 'photos', 'uploadedById');
    const [comment] = (await ownRows(founder, 'comments', 'authorId')).filter((row) => row.commentType === 'voice');
    const familyId = founder.family.id;
    const [storyId, commentSoundId] = [founder.random.uuid(), founder.random.uuid()];
    const writes: { by: ActionContext; args: MutationArgs<'voiceNote.create'> }[] = [];
    if (await founder.uploadVoice(familyId, storyId)) {
      writes.push({ by: founder, args: { voiceNoteId: storyId, familyId, on: 'photo', photoId: photo!.id } });
    }
    if (await founder.uploadVoice(familyId, commentSoundId)) {
      writes.push({ by: founder, args: { voiceNoteId: commentSoundId, familyId, on: 'comment', commentId: comment!.id } });
    }
    return writes;
  },
  // The story, once a pull brought its row (the server makes it, from the recording).
  'voiceNote.delete': async ({ founder }) => {
    const [story] = (await ownRows(founder, 'voiceNotes', 'authorId')).filter((row) => row.photoId);
    return story ? [{ by: founder, args: { voiceNoteId: story.id, familyId: founder.family.id } }] : [];
  },
  'message.delete': async ({ founder }) => {
    const [message] = (await ownRows(founder, 'messages', 'senderId')).filter((row) => row.messageType === 'text');
    return [{ by: founder, args: { messageId: message!.id, familyId: founder.family.id } }];
  },
  'chat.read': async ({ founder }) => [{ by: founder, args: { familyId: founder.family.id, readThrough: 1 } }],
  // The founder's posts told the member: they read one.
  'notification.read': async ({ member }) => {
    const [notification] = await rowsOf(member, 'notifications');
    return notification ? [{ by: member, args: { notificationId: notification.id, familyId: member.family.id } }] : [];
  },
};

/**
 * Writes whose row only the server can make (a voice note's length and waveform come from its recording): the device
 * shows nothing of them before its next pull, so `shown-at-once` leaves them out.
 */
export const shownOnlyOncePulled: ReadonlySet<MutationName> = new Set(['voiceNote.create']);

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
 * The rows a write creates, by the synced table devices know them by: once the server applied it, each must be
 * there, or tombstoned (a delete devices are told of). Typed over every mutation, so a new one fails the type check
 * here until it says what it creates. Rows keyed by their person (a like, an answer, a read position) are made and
 * unmade by the same write: device-equals-server checks those.
 */
export type CreatedRow = { table: SyncedTable; id: string };

const createsNothing = (): CreatedRow[] => [];

const createsRows: { [N in MutationName]: (args: MutationArgs<N>) => CreatedRow[] } = {
  'family.create': ({ familyId, memberId }) => [
    { table: 'families', id: familyId },
    { table: 'members', id: memberId },
  ],
  'family.rename': createsNothing,
  'member.remove': createsNothing,
  'member.setRole': createsNothing,
  'member.setRelationship': createsNothing,
  'post.create': ({ postId }) => [{ table: 'posts', id: postId }],
  'post.update': createsNothing,
  'post.delete': createsNothing,
  'comment.create': ({ commentId }) => [{ table: 'comments', id: commentId }],
  'comment.delete': createsNothing,
  'reaction.set': createsNothing,
  'photo.create': ({ photoId }) => [{ table: 'photos', id: photoId }],
  'photo.update': createsNothing,
  'photo.delete': createsNothing,
  'photo.tag': createsNothing,
  'photo.untag': createsNothing,
  'album.create': ({ albumId }) => [{ table: 'albums', id: albumId }],
  'album.update': createsNothing,
  'album.delete': createsNothing,
  'event.create': ({ eventId }) => [{ table: 'events', id: eventId }],
  'event.update': createsNothing,
  'event.delete': createsNothing,
  'event.rsvp': createsNothing,
  'message.send': ({ messageId }) => [{ table: 'messages', id: messageId }],
  'message.delete': createsNothing,
  'chat.read': createsNothing,
  'notification.read': createsNothing,
  'voiceNote.create': ({ voiceNoteId }) => [{ table: 'voiceNotes', id: voiceNoteId }],
  'voiceNote.delete': createsNothing,
};

export function rowsCreatedBy<N extends MutationName>(name: N, args: MutationArgs<N>): CreatedRow[] {
  return (createsRows[name] as (args: MutationArgs<N>) => CreatedRow[])(args);
}
