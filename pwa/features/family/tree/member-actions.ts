import { relationshipTypes, type RelationshipChoice } from '../../../../schema/choices.ts';
import type { SyncedMember } from '../../../../schema/sync.ts';

type Membership = Pick<SyncedMember, 'userId' | 'role'>;

/**
 * What the person looking at the tree may do about one member. The screen offers only these; the server checks the
 * same rules again (sync-server/mutators/member-mutators.ts) for a write made from an out-of-date screen.
 */
export type MemberActions = {
  /** The relationships they may pick for this member, or null when it is not theirs to change. */
  relationshipChoices: readonly RelationshipChoice[] | null;
  role: 'makeAdmin' | 'removeAdmin' | null;
  /** Removing someone else; leaving is `leave`. */
  remove: boolean;
  /** A one-time password reset link for someone else, to pass on by hand (decision 0044). */
  resetLink: boolean;
  /**
   * Only for one's own membership. The last admin may not leave: `lastAdmin` when someone else could be made admin
   * first, `onlyMember` when there is nobody yet to hand over to.
   */
  leave: 'allowed' | 'lastAdmin' | 'onlyMember' | null;
};

export function memberActions({
  viewerUserId,
  target,
  members,
  familyCreatorId,
}: {
  viewerUserId: string;
  target: Membership;
  members: readonly Membership[];
  familyCreatorId: string | null;
}): MemberActions {
  const self = target.userId === viewerUserId;
  const viewerIsAdmin = members.some((member) => member.userId === viewerUserId && member.role === 'admin');
  const adminCount = members.filter((member) => member.role === 'admin').length;
  const lastAdmin = target.role === 'admin' && adminCount <= 1;
  return {
    relationshipChoices:
      self || viewerIsAdmin
        ? relationshipTypes.filter((type) => type !== 'creator' || target.userId === familyCreatorId)
        : null,
    role: !viewerIsAdmin ? null : target.role === 'member' ? 'makeAdmin' : lastAdmin ? null : 'removeAdmin',
    remove: viewerIsAdmin && !self,
    resetLink: viewerIsAdmin && !self,
    leave: !self ? null : !lastAdmin ? 'allowed' : members.length > 1 ? 'lastAdmin' : 'onlyMember',
  };
}

/** Whether the member's row offers a Manage button at all. */
export function hasMemberActions(actions: MemberActions): boolean {
  return actions.relationshipChoices !== null || actions.role !== null || actions.remove || actions.leave !== null;
}
