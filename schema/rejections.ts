/**
 * Why the server refused a queued write for good. The device shows it as "Not sent: {reason}" next to Retry and
 * Discard, so each reads as a plain sentence to the person who wrote it. Kept apart from messages.ts, which every page
 * loads: only the server and the Not sent list need these.
 */
export const rejections = {
  notMember: "You're not a member of this family",
  postNotFound: 'This post was deleted',
  commentNotFound: 'This comment was deleted',
  memberNotFound: 'This person is no longer in the family',
  notYourPost: 'Only the author can edit this post',
  notAllowedToDelete: 'Only the author or a family admin can delete this',
  adminsOnly: 'Only a family admin can do this',
  lastAdmin: 'A family needs an admin: make someone else an admin first',
  creatorOnly: 'Only the person who made the family can be its creator',
  idTaken: 'This was already saved as something else',
  photoNotFound: 'This photo was deleted',
  albumNotFound: 'This album was deleted',
  notYourAlbum: 'Only the person who made this album or a family admin can change it',
  photoFileMissing: "This photo's file never reached Hearth: pick it again",
  notYourPhoto: 'Only the person who shared it or a family admin can change this photo',
  photoOfSomeoneElse: 'Only photos you shared in this family can be shown here',
  notInFamily: 'This person is not in the family',
  notYourTag: 'Only the person in the photo, whoever tagged them, or a family admin can remove this tag',
  eventNotFound: 'This event was deleted',
  notYourEvent: 'Only the person who made this event or a family admin can change it',
  eventStarted: 'This event has already started, so answers are closed',
  messageNotFound: 'This message is no longer in the chat',
  voiceFileMissing: "This voice note's recording never reached Hearth: record it again",
  voiceNoteNotFound: 'This voice note was deleted',
  notYourVoiceMessage: 'Only your own voice message in this family can have your recording',
  notYourVoiceComment: 'Only your own voice comment in this family can have your recording',
  invalid: (detail: string) => `It was not valid: ${detail}`,
  unexpected: "Hearth couldn't save this change",
} as const;
