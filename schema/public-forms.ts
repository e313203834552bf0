import { z } from 'zod';
import { email, optionalText, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

/**
 * The public site's forms (product.md "Public forms"): stored on the server, rate-limited, never lost. The contact
 * form's body is `contactMessageBodySchema` in requests.ts.
 */

/** Stay Updated on the landing page: early access to the store apps. */
export const earlyAccessBodySchema = z.strictObject({ email });
export type EarlyAccessBody = z.input<typeof earlyAccessBodySchema>;

/** The news page's newsletter. */
export const newsletterBodySchema = z.strictObject({ email });
export type NewsletterBody = z.input<typeof newsletterBodySchema>;

/**
 * Blank means none (null); anything else must be a valid address. Not a union with '': a failed union reports
 * "Invalid input" instead of the email field's own message.
 */
const optionalEmail = z
  .string({ error: messages.emailInvalid })
  .nullish()
  .transform((value) => (value?.trim() ? value : null))
  .pipe(email.nullable());

/** The contact page's Suggestion Box: an idea, and an address only if the person wants an answer. */
export const suggestionBodySchema = z.strictObject({
  suggestion: requiredText({
    required: messages.suggestionRequired,
    max: limits.suggestionMax,
    tooLong: messages.tooLong(limits.suggestionMax),
  }),
  email: optionalEmail,
  name: optionalText(limits.contactFullNameMax),
});
export type SuggestionBody = z.input<typeof suggestionBodySchema>;

/** The addresses the contact and legal pages list: each null where whoever runs this Hearth has not set one. */
export const contactAddressesSchema = z.strictObject({
  privacy: z.string().nullable(),
  support: z.string().nullable(),
  general: z.string().nullable(),
});
export type ContactAddresses = z.infer<typeof contactAddressesSchema>;
