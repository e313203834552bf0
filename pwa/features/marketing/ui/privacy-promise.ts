/** Hearth's privacy promise, worded as product.md words it (never "end-to-end encrypted": the server can read). */
export const privacyPromise = 'Private by design: no ads, no data selling, no trackers, nothing leaves your family.';
