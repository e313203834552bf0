import { describe, expect, it } from 'vitest';
import type { RelationshipChoice } from '../../../../schema/choices.ts';
import type { FamilyRole } from '../../../../schema/entities.ts';
import { familyOverview, groupByRelationship, memberCountLabel, yearsConnected } from './family-overview.ts';

function member(name: string, relationshipType: RelationshipChoice | null, role: FamilyRole = 'member') {
  return { name, relationshipType, role };
}

const names = (members: readonly { name: string }[]) => members.map((one) => one.name);

describe('groupByRelationship', () => {
  it('lists groups in the spec order with their plural labels, skipping empty ones', () => {
    const groups = groupByRelationship([
      member('Sam', 'son'),
      member('Nana', 'grandmother'),
      member('Ada', 'creator', 'admin'),
      member('Mo', 'mother'),
    ]);
    expect(groups.map((group) => [group.type, group.label])).toEqual([
      ['grandmother', 'Grandmothers'],
      ['mother', 'Mothers'],
      ['son', 'Sons'],
      ['creator', 'Family Creators'],
    ]);
  });

  it('puts members without a relationship with the Other Family Members, last', () => {
    const groups = groupByRelationship([member('Kit', null), member('Lee', 'other'), member('Pat', 'parent')]);
    expect(groups.map((group) => group.label)).toEqual(['Parents', 'Other Family Members']);
    expect(names(groups[1]!.members)).toEqual(['Kit', 'Lee']);
  });

  it('keeps each group in the order the members were given', () => {
    const groups = groupByRelationship([member('Bea', 'sister'), member('Al', 'brother'), member('Cy', 'sister')]);
    expect(groups.map((group) => names(group.members))).toEqual([['Al'], ['Bea', 'Cy']]);
  });

  it('has no groups for no members', () => {
    expect(groupByRelationship([])).toEqual([]);
  });
});

describe('familyOverview', () => {
  const today = new Date(2026, 5, 15);

  it('counts members, groups shown and admins', () => {
    const overview = familyOverview(
      { createdAt: '2026-03-01T12:00:00.000Z' },
      [
        member('Ada', 'creator', 'admin'),
        member('Bea', 'daughter', 'admin'),
        member('Cy', 'daughter'),
        member('Kit', null),
        member('Lee', 'other'),
      ],
      today,
    );
    expect(overview).toEqual({ totalMembers: 5, relationshipTypes: 3, familyAdmins: 2, yearsConnected: 1 });
  });

  it('shows zeros for a family with nobody on this device yet', () => {
    expect(familyOverview({ createdAt: '2026-03-01T12:00:00.000Z' }, [], today)).toEqual({
      totalMembers: 0,
      relationshipTypes: 0,
      familyAdmins: 0,
      yearsConnected: 1,
    });
  });
});

describe('yearsConnected', () => {
  it('is the current year minus the creation year, plus one', () => {
    expect(yearsConnected('2026-06-01T12:00:00.000Z', new Date(2026, 11, 31))).toBe(1);
    expect(yearsConnected('2024-06-01T12:00:00.000Z', new Date(2026, 0, 1))).toBe(3);
    expect(yearsConnected('2016-06-01T12:00:00.000Z', new Date(2026, 5, 1))).toBe(11);
  });

  it('stays at one when this device’s clock is behind the server’s', () => {
    expect(yearsConnected('2027-06-01T12:00:00.000Z', new Date(2026, 11, 31))).toBe(1);
  });
});

describe('memberCountLabel', () => {
  it('says member for one and members otherwise', () => {
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(2)).toBe('2 members');
    expect(memberCountLabel(12)).toBe('12 members');
  });
});
