import { deleteWithChildren } from '../row-writer.ts';
import type { LocalMutators } from './local-mutator.ts';

export const memberMutators: LocalMutators<'member.remove' | 'member.setRole' | 'member.setRelationship'> = {
  'member.remove': {
    async apply(writer, { memberId }, { signedInUser }) {
      const member = await writer.get('members', memberId);
      if (!member) return;
      // Leaving: the family disappears from this device at once, as the server's next pull would drop it.
      if (member.userId === signedInUser.id) {
        await deleteWithChildren(writer, 'families', member.familyId);
      } else {
        await writer.delete('members', memberId);
      }
    },
    describe: () => 'Removing a family member',
  },

  'member.setRole': {
    async apply(writer, { memberId, role }) {
      const member = await writer.get('members', memberId);
      if (!member) return;
      await writer.put('members', { ...member, role });
    },
    describe: ({ role }) => (role === 'admin' ? 'Making someone a family admin' : 'Changing a family admin to a member'),
  },

  'member.setRelationship': {
    async apply(writer, { memberId, relationshipType }) {
      const member = await writer.get('members', memberId);
      if (!member) return;
      await writer.put('members', { ...member, relationshipType });
    },
    describe: () => 'Changing how someone is related',
  },
};
