import type { SyncedTable } from '../../schema/index.ts';
import { albumPullSource } from './album-repository.ts';
import { commentPullSource } from './comment-repository.ts';
import { eventPullSource, rsvpPullSource } from './event-repository.ts';
import { familyPullSource, memberPullSource } from './family-repository.ts';
import { chatReadPullSource, messagePullSource } from './message-repository.ts';
import { notificationPullSource } from './notification-repository.ts';
import { photoPullSource } from './photo-repository.ts';
import { photoTagPullSource } from './photo-tag-repository.ts';
import { postPullSource } from './post-repository.ts';
import { reactionPullSource } from './reaction-repository.ts';
import type { PullSource } from './pull-source.ts';
import { voiceNotePullSource } from './voice-note-repository.ts';

/** One per synced table (schema/synced-tables.ts): a declared table without a source fails the typecheck. */
export const pullSources: { [T in SyncedTable]: PullSource } = {
  families: familyPullSource,
  members: memberPullSource,
  posts: postPullSource,
  comments: commentPullSource,
  reactions: reactionPullSource,
  albums: albumPullSource,
  photos: photoPullSource,
  photoTags: photoTagPullSource,
  events: eventPullSource,
  rsvps: rsvpPullSource,
  messages: messagePullSource,
  chatReads: chatReadPullSource,
  notifications: notificationPullSource,
  voiceNotes: voiceNotePullSource,
};
