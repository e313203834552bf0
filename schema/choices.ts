/**
 * Fixed lists of choices that screens show as options, free of zod so a public page can list them without
 * downloading the validation library (the schemas in requests.ts and entities.ts build their enums from these).
 */

/** The contact form's message types (product.md §2), in the order the form offers them. */
export const contactMessageTypes = ['support', 'privacy', 'feedback', 'business', 'general', 'other'] as const;

/** Relationship types in the order the family tree shows them (product.md §3). */
export const relationshipTypes = [
  'grandparent',
  'grandmother',
  'grandfather',
  'parent',
  'mother',
  'father',
  'spouse',
  'partner',
  'sibling',
  'brother',
  'sister',
  'child',
  'son',
  'daughter',
  'grandchild',
  'grandson',
  'granddaughter',
  'creator',
  'other',
] as const;
export type RelationshipChoice = (typeof relationshipTypes)[number];

/** The family tree's group headings (product.md §3), word for word. */
export const relationshipGroupLabels: Record<RelationshipChoice, string> = {
  grandparent: 'Grandparents',
  grandmother: 'Grandmothers',
  grandfather: 'Grandfathers',
  parent: 'Parents',
  mother: 'Mothers',
  father: 'Fathers',
  spouse: 'Spouses',
  partner: 'Partners',
  sibling: 'Siblings',
  brother: 'Brothers',
  sister: 'Sisters',
  child: 'Children',
  son: 'Sons',
  daughter: 'Daughters',
  grandchild: 'Grandchildren',
  grandson: 'Grandsons',
  granddaughter: 'Granddaughters',
  creator: 'Family Creators',
  other: 'Other Family Members',
};

/** One person's relationship, as a choice in a list ("Son") or under their name. */
export const relationshipLabels: Record<RelationshipChoice, string> = {
  grandparent: 'Grandparent',
  grandmother: 'Grandmother',
  grandfather: 'Grandfather',
  parent: 'Parent',
  mother: 'Mother',
  father: 'Father',
  spouse: 'Spouse',
  partner: 'Partner',
  sibling: 'Sibling',
  brother: 'Brother',
  sister: 'Sister',
  child: 'Child',
  son: 'Son',
  daughter: 'Daughter',
  grandchild: 'Grandchild',
  grandson: 'Grandson',
  granddaughter: 'Granddaughter',
  creator: 'Family creator',
  other: 'Other family member',
};

/** How a newcomer may say they are related: every type but "creator", which only the family's maker holds. */
export const joinRelationshipTypes = relationshipTypes.filter(
  (type): type is Exclude<RelationshipChoice, 'creator'> => type !== 'creator',
);
