import { describe, expect, it } from 'vitest';
import { relationshipTypes } from '../../../../schema/choices.ts';
import { hasMemberActions, memberActions } from './member-actions.ts';

const creator = { userId: 'ada', role: 'admin' as const };
const admin = { userId: 'bea', role: 'admin' as const };
const member = { userId: 'cy', role: 'member' as const };
const otherMember = { userId: 'dee', role: 'member' as const };
const everyType = [...relationshipTypes];
const everyTypeButCreator = relationshipTypes.filter((type) => type !== 'creator');

describe('memberActions', () => {
  it('lets a member change only their own relationship, and leave', () => {
    const members = [creator, member, otherMember];
    const own = memberActions({ viewerUserId: 'cy', target: member, members, familyCreatorId: 'ada' });
    expect(own).toEqual({
      relationshipChoices: everyTypeButCreator,
      role: null,
      remove: false,
      resetLink: false,
      leave: 'allowed',
    });

    const someoneElse = memberActions({ viewerUserId: 'cy', target: otherMember, members, familyCreatorId: 'ada' });
    expect(someoneElse).toEqual({ relationshipChoices: null, role: null, remove: false, resetLink: false, leave: null });
    expect(hasMemberActions(someoneElse)).toBe(false);
  });

  it('lets an admin change anyone’s relationship, make them admin, remove them and make them a reset link', () => {
    const actions = memberActions({
      viewerUserId: 'ada',
      target: member,
      members: [creator, member],
      familyCreatorId: 'ada',
    });
    expect(actions).toEqual({
      relationshipChoices: everyTypeButCreator,
      role: 'makeAdmin',
      remove: true,
      resetLink: true,
      leave: null,
    });
    expect(hasMemberActions(actions)).toBe(true);
  });

  it('lets an admin take admin away from another admin', () => {
    const actions = memberActions({
      viewerUserId: 'ada',
      target: admin,
      members: [creator, admin, member],
      familyCreatorId: 'ada',
    });
    expect(actions).toMatchObject({ role: 'removeAdmin', remove: true });
  });

  it('offers Family creator only for the person who made the family', () => {
    const members = [creator, member];
    expect(
      memberActions({ viewerUserId: 'ada', target: creator, members, familyCreatorId: 'ada' }).relationshipChoices,
    ).toEqual(everyType);
    expect(
      memberActions({ viewerUserId: 'ada', target: member, members, familyCreatorId: 'ada' }).relationshipChoices,
    ).toEqual(everyTypeButCreator);
    expect(
      memberActions({ viewerUserId: 'cy', target: member, members, familyCreatorId: null }).relationshipChoices,
    ).toEqual(everyTypeButCreator);
  });

  it('keeps the last admin: no leaving and no giving up admin until someone else is one', () => {
    const withOthers = memberActions({
      viewerUserId: 'ada',
      target: creator,
      members: [creator, member],
      familyCreatorId: 'ada',
    });
    expect(withOthers).toMatchObject({ role: null, remove: false, leave: 'lastAdmin' });

    const alone = memberActions({ viewerUserId: 'ada', target: creator, members: [creator], familyCreatorId: 'ada' });
    expect(alone).toMatchObject({ role: null, leave: 'onlyMember' });
  });

  it('lets an admin step down or leave while another admin stays', () => {
    const actions = memberActions({
      viewerUserId: 'bea',
      target: admin,
      members: [creator, admin],
      familyCreatorId: 'ada',
    });
    expect(actions).toMatchObject({ role: 'removeAdmin', remove: false, leave: 'allowed' });
  });
});
