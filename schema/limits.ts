/**
 * Business constants and limits (product.md §9, product.md). The one place both the app and the server read them from,
 * so the database CHECK constraints, the zod rules and the screens can never disagree.
 */
export const limits = {
  passwordMin: 6,
  /** argon2 hashes any length; the cap keeps a hostile 1 MB password from costing a hash of that size. */
  passwordMax: 200,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  nameMax: 50,
  familyNameMax: 100,
  familyDescriptionMax: 500,
  albumNameMax: 100,
  albumDescriptionMax: 500,
  eventTitleMax: 200,
  eventDescriptionMax: 2000,
  eventLocationMax: 200,
  /** The spec sets no post limit; 5,000 characters is a long letter home and keeps feeds light. */
  postContentMax: 5000,
  commentContentMax: 2000,
  messageContentMax: 4000,
  /** Most messages one page of `GET /api/families/:id/messages` answers. */
  messagePageMax: 100,
  /** The newest messages of each family a device keeps, and a first pull sends (decision 0021). */
  messageWindow: 500,
  photoTitleMax: 200,
  photoDescriptionMax: 2000,
  photosPerSelection: 10,
  photoMaxBytes: 10 * 1024 * 1024,
  /**
   * Most bytes of one part of a photo sent in parts (docs/decisions/0035-uploads-in-parts.md): 30 s at 35 KB/s, and
   * a part cut short keeps what arrived.
   */
  photoPartMaxBytes: 1024 * 1024,
  photosPerPost: 10,
  /** A voice note lasts at most 5 minutes (docs/decisions/0052-voice-notes.md), said before it is reached. */
  voiceNoteMaxMs: 5 * 60 * 1000,
  /** 5 minutes of Safari's AAC at 256 kbit/s is 9.4 MB; Chrome's Opus is a tenth of that. */
  voiceNoteMaxBytes: 10 * 1024 * 1024,
  /** Peaks of the waveform drawn beside a voice note, computed once from its sound. */
  voiceNotePeaks: 64,
  contactFullNameMax: 100,
  contactSubjectMax: 200,
  contactMessageMax: 5000,
  suggestionMax: 2000,
  urlMax: 2048,
  notificationTitleMax: 200,
  notificationContentMax: 1000,
} as const;

/** What the screens show at most before "View All" or "more" (product.md §9). */
export const display = {
  recentPhotos: 6,
  upcomingEvents: 3,
  membersBeforeViewAll: 5,
  pastEventsShown: 6,
  postSkeletons: 3,
  photoSkeletons: 8,
  eventSkeletons: 3,
} as const;

/** Timings in milliseconds (product.md §4, §9). */
export const timings = {
  welcomeToast: 6000,
  unauthorizedRedirect: 500,
  chatPollFallback: 3000,
  carouselInterval: 4000,
  carouselTransition: 1000,
  photoRowStep: 20,
  toastDefaultDuration: 5000,
  toastRemoveDelay: 1_000_000,
  tooltipOpenDelay: 700,
  tooltipSkipDelay: 300,
} as const;

export const toastRules = {
  limit: 1,
  viewportMaxWidthPx: 420,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const;

export const legal = {
  effectiveDate: '2025-06-25',
  minimumAge: 13,
  replyWithinHours: 24,
} as const;

export const invitationLifetimeDays = 14;
