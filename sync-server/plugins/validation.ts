import type { z } from 'zod';
import { fieldIssues } from '../../schema/index.ts';
import { HttpError, serverMessages } from '../http-errors.ts';

/**
 * A bad request always gets the same 400, whichever rule of schema/ it broke (route schemas, route-schemas.ts, and a
 * zod error thrown anywhere): the first message, the field it is about, and every field's message for forms that
 * show them all.
 */
export function validationError(error: z.ZodError): HttpError {
  const issues = fieldIssues(error);
  const first = issues[0] ?? { field: '', message: serverMessages.badRequest };
  return new HttpError(400, { error: first.message, ...(first.field ? { field: first.field } : {}), issues });
}
