import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Every 4xx/5xx answer of the API has this body: a sentence a person can read, and for validation errors the
 * field it is about (dotted path), so a form can show the message under the right input.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type FieldIssue = { field: string; message: string };

/** Flattens zod issues into one message per field, first rule first (what forms and the API both show). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const result: FieldIssue[] = [];
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const path = key === undefined ? issue.path : [...issue.path, key];
      const field = path.map(String).join('.');
      if (seen.has(field)) continue;
      seen.add(field);
      result.push({ field, message: key === undefined ? issue.message : messages.unknownField });
    }
  }
  return result;
}

/** The first message for each field, keyed by field: what a form renders under its inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(fieldIssues(error).map((issue) => [issue.field, issue.message]));
}
