import { z } from 'zod';
import { familyRoleSchema, relationshipTypeSchema } from '../entities.ts';
import { familyOfRow, id } from '../fields.ts';

/** Writes to a family's memberships (joining is not one: it needs an invitation checked online, decision 0009). */
export const memberMutationArgs = {
  /** An admin removes a member, or a member removes themself (leaves). The last admin cannot leave. */
  'member.remove': z.strictObject({ memberId: id, familyId: familyOfRow }),
  /** An admin makes a member an admin, or an admin a member. The last admin cannot be made a member. */
  'member.setRole': z.strictObject({ memberId: id, familyId: familyOfRow, role: familyRoleSchema }),
  /** A member says how they are related to the family (their own membership); an admin may set anyone's. */
  'member.setRelationship': z.strictObject({
    memberId: id,
    familyId: familyOfRow,
    relationshipType: relationshipTypeSchema,
  }),
} as const;
