import type { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Turning validation issues into what a form shows. Free of zod at run time (types only), so a form can show the
 * shared schema's messages without its screen downloading the validation library.
 */

export type FieldIssue = { field: string; message: string };

/** Flattens zod issues into one message per field, first rule first (what forms and the API both show). */
export function fieldIssues(error: { issues: readonly z.core.$ZodIssue[] }): FieldIssue[] {
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
export function fieldErrors(error: { issues: readonly z.core.$ZodIssue[] }): Record<string, string> {
  return Object.fromEntries(fieldIssues(error).map((issue) => [issue.field, issue.message]));
}
