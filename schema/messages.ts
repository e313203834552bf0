/** Validation and toast texts shown to people, kept word for word from spec §5 and §8. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most 254 characters long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 200 characters long',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username must be at most 30 characters long',
  usernameCharacters: 'Username can use letters, numbers, dots, dashes and underscores',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  nameTooLong: 'Name must be at most 50 characters long',
  familyNameRequired: 'Family name is required',
  familyNameTooLong: 'Family name must be at most 100 characters long',
  albumNameRequired: 'Album name is required',
  albumNameTooLong: 'Album name must be at most 100 characters long',
  eventTitleRequired: 'Title is required',
  eventTitleTooLong: 'Title must be at most 200 characters long',
  startDateRequired: 'Start date is required',
  startDateInvalid: 'Start date must be a valid date',
  endDateInvalid: 'End date must be a valid date',
  endBeforeStart: 'End date must be after the start date',
  postEmpty: 'Write something to share',
  postTooLong: 'Posts can be at most 5,000 characters long',
  commentEmpty: 'Write a comment first',
  commentTooLong: 'Comments can be at most 2,000 characters long',
  messageEmpty: 'Type a message first',
  messageTooLong: 'Messages can be at most 4,000 characters long',
  fullNameRequired: 'Full name is required',
  messageTypeRequired: 'Please choose a message type',
  subjectRequired: 'Subject is required',
  contactMessageRequired: 'Message is required',
  suggestionRequired: 'Please write your suggestion',
  tooLong: (max: number) => `Must be at most ${max.toLocaleString('en-US')} characters long`,
  unknownField: 'Unknown field',
  invalidId: 'Must be a valid id',
} as const;

/**
 * Why the server refused a queued write for good. The device shows it as "Not sent: {reason}" next to Retry and
 * Discard, so each reads as a plain sentence to the person who wrote it.
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
  invalid: (detail: string) => `It was not valid: ${detail}`,
  unexpected: "Hearth couldn't save this change",
} as const;

/** Toast titles and texts (spec §8). Kept together so every screen says the same thing. */
export const toasts = {
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
  loginFailed: { title: 'Login Failed', description: 'Please check your credentials and try again.' },
  signupFailed: { title: 'Signup Failed', description: 'Please check your information and try again.' },
  profileUpdated: { title: 'Profile Updated', description: 'Your profile has been successfully updated.' },
  profileUpdateFailed: { title: 'Update Failed', description: 'Failed to update profile. Please try again.' },
  passwordMismatch: { title: 'Password Mismatch', description: "New password and confirm password don't match." },
  passwordTooShort: { title: 'Password Too Short', description: 'Password must be at least 6 characters long.' },
  googleUnavailable: { title: 'Google sign-in', description: "Google sign-in isn't set up on this server" },
  googleFailed: {
    title: "Google sign-in didn't work",
    description: 'Please try again, or sign in with your email and password.',
  },
  welcomeBack: { title: 'Welcome back!', description: "It's good to see you again." },
  welcomeToHearth: { title: 'Welcome to Hearth!', description: 'Your account is ready. Make yourself at home.' },
  offline: { title: 'You seem to be offline', description: 'Check your connection and try again.' },
  /** The description is the server's own sentence (it says how long to wait). */
  rateLimited: { title: 'Please wait a moment' },
  postCreated: { title: 'Post created successfully!' },
  postSavedOffline: {
    title: 'Post created successfully!',
    description: "You're offline: it will be sent to your family when you're back online.",
  },
  postFailed: { title: 'Error', description: 'Failed to create post. Please try again.' },
  notSent: { title: 'Not sent' },
  /** Spec §8: the early-access Thank You! dialog; the form's own line under it is `subscribed`. */
  earlyAccessThanks: {
    title: 'Thank You!',
    description:
      "We've received your request for early access to the product. We'll notify you as soon as we launch!",
  },
  subscribed: { title: 'Thank you for subscribing!', description: "We'll be in touch soon." },
  suggestionShared: {
    title: 'Suggestion Shared',
    description: 'Your ideas help us improve the product for all families!',
  },
  contactSent: { title: 'Message Sent', description: "Thank you for contacting us! We'll get back to you soon." },
  publicFormFailed: {
    title: "We couldn't send that",
    description: 'What you wrote is still here. Please check your connection and try again.',
  },
  settingsNotSaved: { title: 'Settings not saved', description: 'Please check your connection and try again.' },
} as const;
