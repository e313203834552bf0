import { describe, expect, it } from 'vitest';
import type { RelationshipChoice } from './choices.ts';
import { relationshipSeenBy, type Kin } from './relationship-seen-by.ts';

/** Each member as they joined: [who, what they said they are, to whom]. */
const said: [string, RelationshipChoice, string | null][] = [
  ['Rose', 'creator', null],
  ['David', 'son', 'Rose'],
  ['Ann', 'daughter', 'Rose'],
  ['Sam', 'sibling', 'Rose'],
  ['George', 'spouse', 'Rose'],
  ['Greta', 'mother', 'Rose'],
  ['Kim', 'other', 'Rose'],
  ['Eve', 'grandchild', 'Rose'],
  ['Maya', 'daughter', 'David'],
  ['Leo', 'child', 'David'],
  ['Pat', 'partner', 'David'],
  ['Nils', 'grandfather', 'Maya'],
];
const millers: Kin[] = said.map(([userId, relationshipType, relativeToId]) => ({
  userId,
  relationshipType,
  relativeToId,
}));
const nameOf = (userId: string) => `${userId} Miller`;

function seen(viewer: string, member: string, family: readonly Kin[] = millers): string {
  const kin = family.find((person) => person.userId === member);
  if (!kin) throw new Error(`no ${member}`);
  return relationshipSeenBy(viewer, kin, family, nameOf);
}

describe('relationships read from the viewer’s side', () => {
  it.each([
    // The person they are related to reads it as said, gendered or not.
    ['Rose', 'David', 'Your son'],
    ['Rose', 'Ann', 'Your daughter'],
    ['Rose', 'Sam', 'Your sibling'],
    ['Rose', 'George', 'Your spouse'],
    ['Rose', 'Greta', 'Your mother'],
    ['Rose', 'Kim', 'Your relative'],
    ['Rose', 'Eve', 'Your grandchild'],
    ['David', 'Pat', 'Your partner'],
    // Turned round: what the anchor is to the one who said it, gendered only by what the anchor said of themselves.
    ['David', 'Rose', 'Your parent'],
    ['Maya', 'David', 'Your father'],
    ['George', 'Rose', 'Your spouse'],
    ['Pat', 'David', 'Your partner'],
    ['Sam', 'Rose', 'Your sibling'],
    ['Greta', 'Rose', 'Your child'],
    ['Eve', 'Rose', 'Your grandparent'],
    ['Kim', 'Rose', 'Family creator'],
    ['Nils', 'Maya', 'Your granddaughter'],
    // Chains of two that are always true.
    ['Rose', 'Maya', 'Your granddaughter'],
    ['Rose', 'Leo', 'Your grandchild'],
    ['Maya', 'Rose', 'Your grandparent'],
    ['David', 'Ann', 'Your sister'],
    ['Ann', 'David', 'Your brother'],
    ['Maya', 'Leo', 'Your sibling'],
    ['Leo', 'Maya', 'Your sister'],
    ['David', 'Greta', 'Your grandmother'],
    ['Greta', 'David', 'Your grandson'],
    // Chains that may be a step-parent, an in-law, an aunt or no kin at all, and anything longer, stay anchored.
    ['David', 'George', "Rose Miller's spouse"],
    ['David', 'Sam', "Rose Miller's sibling"],
    ['Sam', 'David', "Rose Miller's son"],
    ['Maya', 'Ann', "Rose Miller's daughter"],
    ['Maya', 'Pat', "David Miller's partner"],
    ['Pat', 'Maya', "David Miller's daughter"],
    ['Maya', 'Greta', "Rose Miller's mother"],
    ['Ann', 'Maya', "David Miller's daughter"],
    ['Maya', 'Eve', "Rose Miller's grandchild"],
    ['George', 'David', "Rose Miller's son"],
    ['Kim', 'David', "Rose Miller's son"],
    ['David', 'Kim', "Rose Miller's relative"],
    ['Rose', 'Nils', "Maya Miller's grandfather"],
    // Their own line reads as they said it.
    ['David', 'David', "Rose Miller's son"],
    ['Rose', 'Rose', 'Family creator'],
  ])('%s sees %s as “%s”', (viewer, member, label) => {
    expect(seen(viewer, member)).toBe(label);
  });

  it('keeps a relationship to someone who left, and chains through them', () => {
    const withoutRose = millers.filter((person) => person.userId !== 'Rose');
    expect(seen('Maya', 'David', withoutRose)).toBe('Your father');
    expect(seen('Ann', 'David', withoutRose)).toBe('Your brother');
    expect(seen('Kim', 'Ann', withoutRose)).toBe("Rose Miller's daughter");
  });

  it('never guesses: an anchor not on the device yet, or none, reads as a family member', () => {
    const family: Kin[] = [
      { userId: 'Rose', relationshipType: 'creator', relativeToId: null },
      { userId: 'David', relationshipType: 'son', relativeToId: 'Rose' },
      { userId: 'Old', relationshipType: null, relativeToId: null },
    ];
    expect(relationshipSeenBy('Old', family[1]!, family, () => undefined)).toBe('Family member');
    expect(relationshipSeenBy('David', family[2]!, family, nameOf)).toBe('Family member');
  });
});
