import { relationshipLabels, type RelationshipChoice } from './choices.ts';

/**
 * Relationships read from the viewer's side (decision 0062). Each member said how they are related to one person, the
 * maker of the invitation they joined by: "David is Rose's son". To Rose that is "Your son"; to David's daughter Maya,
 * who said she is David's daughter, David is "Your father". What cannot be truly derived stays anchored ("Rose
 * Miller's son"): never a wrong label.
 */

/** A member as the rules need them: who, what they said they are, and to whom (null for the family's creator). */
export type Kin = {
  userId: string;
  relationshipType: RelationshipChoice | null;
  relativeToId: string | null;
};

type Kind = 'grandparent' | 'parent' | 'spouse' | 'partner' | 'sibling' | 'child' | 'grandchild';
type Gender = 'female' | 'male' | 'unsaid';

const kindOf: Record<RelationshipChoice, Kind | null> = {
  grandparent: 'grandparent',
  grandmother: 'grandparent',
  grandfather: 'grandparent',
  parent: 'parent',
  mother: 'parent',
  father: 'parent',
  spouse: 'spouse',
  partner: 'partner',
  sibling: 'sibling',
  brother: 'sibling',
  sister: 'sibling',
  child: 'child',
  son: 'child',
  daughter: 'child',
  grandchild: 'grandchild',
  grandson: 'grandchild',
  granddaughter: 'grandchild',
  creator: null,
  other: null,
};

/** A person's gender is known only from what they said they are ("son"), never guessed from a name. */
function genderOf(type: RelationshipChoice | null): Gender {
  switch (type) {
    case 'grandmother':
    case 'mother':
    case 'sister':
    case 'daughter':
    case 'granddaughter':
      return 'female';
    case 'grandfather':
    case 'father':
    case 'brother':
    case 'son':
    case 'grandson':
      return 'male';
    default:
      return 'unsaid';
  }
}

const inverseOf: Record<Kind, Kind> = {
  grandparent: 'grandchild',
  parent: 'child',
  spouse: 'spouse',
  partner: 'partner',
  sibling: 'sibling',
  child: 'parent',
  grandchild: 'grandparent',
};

/**
 * "My X's Y", only where it is always so. A parent's spouse may be a step-parent, a sibling's sibling a half-sibling's
 * half-sibling (no kin at all), a parent's sibling an aunt (not a word the tree has): those stay anchored.
 */
const composed: Partial<Record<`${Kind} ${Kind}`, Kind>> = {
  'parent parent': 'grandparent',
  'parent child': 'sibling',
  'child child': 'grandchild',
};

const words: Record<Kind, Record<Gender, RelationshipChoice>> = {
  grandparent: { female: 'grandmother', male: 'grandfather', unsaid: 'grandparent' },
  parent: { female: 'mother', male: 'father', unsaid: 'parent' },
  spouse: { female: 'spouse', male: 'spouse', unsaid: 'spouse' },
  partner: { female: 'partner', male: 'partner', unsaid: 'partner' },
  sibling: { female: 'sister', male: 'brother', unsaid: 'sibling' },
  child: { female: 'daughter', male: 'son', unsaid: 'child' },
  grandchild: { female: 'granddaughter', male: 'grandson', unsaid: 'grandchild' },
};

type Step = { to: string; kind: Kind };

/** Who is what to whom, both ways: "David is Rose's son" is also "Rose is David's parent". */
function stepsFrom(family: readonly Kin[]): Map<string, Step[]> {
  const steps = new Map<string, Step[]>();
  const add = (from: string, step: Step) => steps.set(from, [...(steps.get(from) ?? []), step]);
  for (const member of family) {
    const kind = member.relationshipType && kindOf[member.relationshipType];
    if (!kind || !member.relativeToId || member.relativeToId === member.userId) continue;
    add(member.relativeToId, { to: member.userId, kind });
    add(member.userId, { to: member.relativeToId, kind: inverseOf[kind] });
  }
  return steps;
}

/** The one kind every way says; none when no way says or two disagree (the family's own words conflict). */
function agreed(kinds: readonly Kind[]): Kind | null {
  const distinct = new Set(kinds);
  return distinct.size === 1 ? [...distinct][0]! : null;
}

/** What `memberId` is to `viewerId`: said by one of them, else by a chain of two; null when it cannot be known. */
function kindBetween(steps: Map<string, Step[]>, viewerId: string, memberId: string): Kind | null {
  const first = steps.get(viewerId) ?? [];
  const direct = agreed(first.filter((step) => step.to === memberId).map((step) => step.kind));
  if (direct) return direct;
  const chained: Kind[] = [];
  for (const via of first) {
    if (via.to === memberId) continue;
    for (const next of steps.get(via.to) ?? []) {
      const kind = next.to === memberId ? composed[`${via.kind} ${next.kind}`] : undefined;
      if (kind) chained.push(kind);
    }
  }
  return agreed(chained);
}

function noun(type: RelationshipChoice): string {
  return type === 'other' ? 'relative' : relationshipLabels[type].toLowerCase();
}

/**
 * How `member` is shown to `viewerId`: "Your father", else as they said it, "Rose Miller's son". `nameOf` answers a
 * person's public name, undefined while their row has not reached the device.
 */
export function relationshipSeenBy(
  viewerId: string,
  member: Kin,
  family: readonly Kin[],
  nameOf: (userId: string) => string | undefined,
): string {
  const type = member.relationshipType ?? 'other';
  if (member.userId !== viewerId) {
    const kind = kindBetween(stepsFrom(family), viewerId, member.userId);
    if (kind) return `Your ${noun(words[kind][genderOf(member.relationshipType)])}`;
  }
  if (type === 'creator') return relationshipLabels.creator;
  if (member.relativeToId === viewerId) return `Your ${noun(type)}`;
  const anchor = member.relativeToId && nameOf(member.relativeToId);
  return anchor ? `${anchor}'s ${noun(type)}` : 'Family member';
}
