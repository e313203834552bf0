import { reactionKey } from '../../schema/sync-protocol.ts';
import type { MutationArgs, MutationName, SyncedUser } from '../../schema/sync.ts';
import { deleteFamilyWithRows, deletePostWithChildren, type RowWriter } from './row-writer.ts';

/** What a local write knows besides its arguments. The server uses its own session and clock on replay. */
export type MutationContext = {
  /** Public fields of the signed-in user: the author of everything written on this device. */
  signedInUser: SyncedUser;
  /** When the write was made (ISO 8601): the time its rows show until the server's copy replaces them. */
  now: string;
};

type LocalMutator<N extends MutationName> = (
  writer: RowWriter,
  args: MutationArgs<N>,
  context: MutationContext,
) => Promise<void>;

/** A mutation name with its own arguments, as the outbox stores it. */
export type LocalMutation = { [N in MutationName]: { name: N; args: MutationArgs<N> } }[MutationName];

/**
 * The optimistic side of every server mutator (same names, same arguments; a missing one fails the type check).
 * Each is tolerant: when its target is not on this device (deleted meanwhile, or a family this device does not hold)
 * it does nothing and the server decides. Permissions are the server's too: screens only offer what is allowed, and
 * a refused write is rolled back when the server says so. Rebase re-applies these on top of every pull, so each must
 * give the same rows from the same state and arguments.
 */
export const localMutators: { [N in MutationName]: LocalMutator<N> } = {
  async 'family.create'(writer, { familyId, memberId, name }, { signedInUser, now }) {
    if (await writer.get('families', familyId)) return;
    await writer.put('families', {
      id: familyId,
      name,
      description: null,
      createdById: signedInUser.id,
      createdAt: now,
      updatedAt: now,
    });
    await writer.put('members', {
      id: memberId,
      familyId,
      userId: signedInUser.id,
      role: 'admin',
      relationshipType: 'creator',
      joinedAt: now,
    });
    // Screens join members to users; a first family made offline must still show its creator's name.
    if (!(await writer.get('users', signedInUser.id))) await writer.put('users', signedInUser);
  },

  async 'family.rename'(writer, { familyId, name }, { now }) {
    const family = await writer.get('families', familyId);
    if (!family) return;
    await writer.put('families', { ...family, name, updatedAt: now });
  },

  async 'post.create'(writer, { postId, familyId, content }, { signedInUser, now }) {
    if (!(await writer.get('families', familyId)) || (await writer.get('posts', postId))) return;
    await writer.put('posts', {
      id: postId,
      familyId,
      authorId: signedInUser.id,
      content,
      photoIds: [],
      createdAt: now,
      updatedAt: now,
    });
  },

  async 'post.update'(writer, { postId, content }, { now }) {
    const post = await writer.get('posts', postId);
    if (!post) return;
    await writer.put('posts', { ...post, content, updatedAt: now });
  },

  async 'post.delete'(writer, { postId }) {
    await deletePostWithChildren(writer, postId);
  },

  async 'comment.create'(writer, { commentId, postId, content }, { signedInUser, now }) {
    const post = await writer.get('posts', postId);
    if (!post || (await writer.get('comments', commentId))) return;
    await writer.put('comments', {
      id: commentId,
      familyId: post.familyId,
      postId,
      authorId: signedInUser.id,
      content,
      createdAt: now,
    });
  },

  async 'comment.delete'(writer, { commentId }) {
    await writer.delete('comments', commentId);
  },

  async 'reaction.set'(writer, { postId, reactionType, reacted }, { signedInUser, now }) {
    const post = await writer.get('posts', postId);
    if (!post) return;
    const id = reactionKey({ postId, userId: signedInUser.id, reactionType });
    if (!reacted) {
      await writer.delete('reactions', id);
    } else if (!(await writer.get('reactions', id))) {
      await writer.put('reactions', {
        id,
        familyId: post.familyId,
        postId,
        userId: signedInUser.id,
        reactionType,
        createdAt: now,
      });
    }
  },

  async 'member.remove'(writer, { memberId }, { signedInUser }) {
    const member = await writer.get('members', memberId);
    if (!member) return;
    // Leaving: the family disappears from this device at once, as the server's next pull would drop it.
    if (member.userId === signedInUser.id) {
      await deleteFamilyWithRows(writer, member.familyId);
    } else {
      await writer.delete('members', memberId);
    }
  },

  async 'member.setRole'(writer, { memberId, role }) {
    const member = await writer.get('members', memberId);
    if (!member) return;
    await writer.put('members', { ...member, role });
  },

  async 'member.setRelationship'(writer, { memberId, relationshipType }) {
    const member = await writer.get('members', memberId);
    if (!member) return;
    await writer.put('members', { ...member, relationshipType });
  },
};

export function applyLocalMutation(writer: RowWriter, mutation: LocalMutation, context: MutationContext) {
  // TypeScript cannot tie `args` to `name` through the union; LocalMutation guarantees they belong together.
  const mutator = localMutators[mutation.name] as LocalMutator<MutationName>;
  return mutator(writer, mutation.args as never, context);
}
