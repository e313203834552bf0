/**
 * Texts of the family screens (invitations, the tree, the feed's own actions), apart from messages.ts so the public
 * pages, which load messages.ts at once, do not download them. Zod-free like messages.ts.
 */
export const familyMessages = {
  invitationInvalid: "This invite link isn't complete. Check that you copied all of it, or ask for a new one.",
  invitationExpired: 'This invite link has expired. Ask your family for a new one.',
  invitationRevoked: 'This invite link was turned off. Ask your family for a new one.',
  invitationTurnOffNotAllowed: 'Only a family admin or the person who made this link can turn it off',
  alreadyMember: "You're already a member of this family.",
  relationshipRequired: 'Please choose how you are related',
} as const;

export const familyToasts = {
  postDeleted: { title: 'Post deleted' },
  commentDeleted: { title: 'Comment deleted' },
  commentFailed: { title: 'Error', description: 'Failed to add comment. Please try again.' },
  /** A like, an edit or a delete the device could not save (storage full or blocked). */
  changeFailed: { title: 'Error', description: 'Failed to save your change. Please try again.' },
  /** The device itself refused the write (storage full or blocked); the name stays in the field to try again. */
  familyNotCreated: { title: 'Family not created', description: "Hearth couldn't save it on this device. Please try again." },
  inviteLinkCopied: { title: 'Link copied', description: 'Paste it into a message to your family.' },
  inviteLinkTurnedOff: {
    title: 'Link turned off',
    description: 'Nobody new can join with it. You can make a new link whenever you like.',
  },
  joinedFamily: (familyName: string) => ({
    title: `Welcome to ${familyName}!`,
    description: "You're part of the family on Hearth now.",
  }),
  leftFamily: (familyName: string) => ({
    title: `You left ${familyName}`,
    description: 'To come back, ask someone in the family for a new invite link.',
  }),
} as const;
