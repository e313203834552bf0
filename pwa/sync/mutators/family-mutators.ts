import type { LocalMutators } from './local-mutator.ts';

export const familyMutators: LocalMutators<'family.create' | 'family.rename'> = {
  'family.create': {
    async apply(writer, { familyId, memberId, name }, { signedInUser, now }) {
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
        relativeToId: null,
        joinedAt: now,
      });
      // Screens join members to users; a first family made offline must still show its creator's name.
      if (!(await writer.get('users', signedInUser.id))) await writer.put('users', signedInUser);
    },
    describe: ({ name }) => `New family “${name}”`,
  },

  'family.rename': {
    async apply(writer, { familyId, name }, { now }) {
      const family = await writer.get('families', familyId);
      if (!family) return;
      await writer.put('families', { ...family, name, updatedAt: now });
    },
    describe: ({ name }) => `Renaming the family to “${name}”`,
  },
};
