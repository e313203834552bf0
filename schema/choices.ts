/**
 * Fixed lists of choices that screens show as options, free of zod so a public page can list them without
 * downloading the validation library (the schemas in requests.ts and entities.ts build their enums from these).
 */

/** The contact form's message types (spec §2), in the order the form offers them. */
export const contactMessageTypes = ['support', 'privacy', 'feedback', 'business', 'general', 'other'] as const;
