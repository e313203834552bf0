import { z } from 'zod';
import { id } from '../fields.ts';
import { familyName } from '../field-rules.ts';

/** Writes to a family itself. */
export const familyMutationArgs = {
  /** Creates a family; the creator becomes its admin with relationship type creator. */
  'family.create': z.strictObject({ familyId: id, memberId: id, name: familyName }),
  /** An admin renames the family. */
  'family.rename': z.strictObject({ familyId: id, name: familyName }),
} as const;
