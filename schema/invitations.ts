import { z } from 'zod';
import { joinRelationshipTypes } from './choices.ts';
import { publicUserSchema, type RelationshipType } from './entities.ts';
import { id, timestamp } from './fields.ts';
import { familyMessages } from './family-messages.ts';

/**
 * Invitations (product.md, Families): a member makes a link `/join/<token>` that any number of relatives may use
 * until it expires (14 days, `invitationLifetimeDays`) or an admin or its maker turns it off. The server keeps only
 * a hash of the token, so a link can be shown once, when it is made. Tokens travel in request bodies, never in API
 * paths, so they stay out of request logs.
 */

/** 32 random bytes, base64url without padding. Anything else is malformed, answered like an unknown token. */
export const invitationToken = z
  .string({ error: familyMessages.invitationInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: familyMessages.invitationInvalid });

export const joinRelationshipTypeSchema = z.enum(
  joinRelationshipTypes as [Exclude<RelationshipType, 'creator'>, ...Exclude<RelationshipType, 'creator'>[]],
  { error: familyMessages.relationshipRequired },
);

/** `POST /api/invitations/lookup`: what the join page shows before anyone signs in. */
export const invitationLookupBodySchema = z.strictObject({ token: invitationToken });

export const invitationPreviewSchema = z.object({
  familyId: id,
  familyName: z.string(),
  /** The maker's public name ("Margaret Smith", or their username). */
  invitedBy: z.string(),
  expiresAt: timestamp,
  /** True when the signed-in person already belongs to the family (false when signed out). */
  alreadyMember: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** `POST /api/invitations/accept`: the signed-in person joins the family with the relationship they chose. */
export const acceptInvitationBodySchema = z.strictObject({
  token: invitationToken,
  relationshipType: joinRelationshipTypeSchema,
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

export const joinedFamilySchema = z.object({ familyId: id, memberId: id });
export type JoinedFamily = z.infer<typeof joinedFamilySchema>;

/** An open invitation as members see it (`GET /api/families/:id/invitations`): never its token. */
export const familyInvitationSchema = z.object({
  id,
  familyId: id,
  createdAt: timestamp,
  expiresAt: timestamp,
  createdBy: publicUserSchema,
});
export type FamilyInvitation = z.infer<typeof familyInvitationSchema>;

/** `POST /api/families/:id/invitations` answers the one time the token is shown. */
export const createdInvitationSchema = familyInvitationSchema.extend({ token: invitationToken });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
