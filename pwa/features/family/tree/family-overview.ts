import { relationshipGroupLabels, relationshipTypes, type RelationshipChoice } from '../../../../schema/choices.ts';
import type { SyncedFamily, SyncedMember } from '../../../../schema/sync.ts';

type Relationship = Pick<SyncedMember, 'relationshipType'>;

export type RelationshipGroup<Member> = { type: RelationshipChoice; label: string; members: Member[] };

/** Where a member is listed: someone who has not said how they are related is one of the Other Family Members. */
export function relationshipOf(member: Relationship): RelationshipChoice {
  return member.relationshipType ?? 'other';
}

/**
 * The tree's groups (product.md §3): in the spec's order of relationship types, only those with someone in them, each
 * keeping its members in the order given.
 */
export function groupByRelationship<Member extends Relationship>(
  members: readonly Member[],
): RelationshipGroup<Member>[] {
  return relationshipTypes
    .map((type) => ({
      type,
      label: relationshipGroupLabels[type],
      members: members.filter((member) => relationshipOf(member) === type),
    }))
    .filter((group) => group.members.length > 0);
}

export type FamilyOverview = {
  totalMembers: number;
  /** How many groups the tree shows. */
  relationshipTypes: number;
  familyAdmins: number;
  yearsConnected: number;
};

/** product.md §9: the current year minus the year the family was made, plus one (so a family made this year shows 1). */
export function yearsConnected(familyCreatedAt: string, today: Date): number {
  // A device whose clock runs behind the server's may see a family "made next year": it has still been one year.
  return Math.max(1, today.getFullYear() - new Date(familyCreatedAt).getFullYear() + 1);
}

/** The Family Overview card's four figures (product.md §2). */
export function familyOverview(
  family: Pick<SyncedFamily, 'createdAt'>,
  members: readonly Pick<SyncedMember, 'role' | 'relationshipType'>[],
  today: Date,
): FamilyOverview {
  return {
    totalMembers: members.length,
    relationshipTypes: new Set(members.map(relationshipOf)).size,
    familyAdmins: members.filter((member) => member.role === 'admin').length,
    yearsConnected: yearsConnected(family.createdAt, today),
  };
}

/** A group's count badge: "1 member", "4 members". */
export function memberCountLabel(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}
