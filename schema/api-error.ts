import { z } from 'zod';

/**
 * Every 4xx/5xx answer of the API has this body: a sentence a person can read, and for validation errors the
 * field it is about (dotted path), so a form can show the message under the right input.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** For answers a client acts on by machine: `update_required` (426), `sign_in_again`, `hand_over_first`. */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export { fieldErrors, fieldIssues, type FieldIssue } from './field-issues.ts';
