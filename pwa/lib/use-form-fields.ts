import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../schema/field-issues.ts';
import { ApiError } from './api-client.ts';

/** What an email input needs so phones offer the right keyboard and nobody's address gets "corrected". */
export const emailInputProps = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/**
 * The state of a simple text form: values, one error per field, and the props that wire a TextField to both. Editing
 * a field clears its error (product.md §5); showing errors moves focus to the first field that has one, so keyboard and
 * screen reader users land on what needs fixing.
 */
export function useFormFields<Values extends Record<string, string>>(initialValues: Values) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** Changes one field as the person would, clearing its error. */
  function set(name: keyof Values & string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...others }) => others);
  }

  function field(name: keyof Values & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(name, event.target.value),
    };
  }

  function showErrors(next: Record<string, string>) {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  }

  /** Checks `input` with the shared schema: its parsed value, or null after showing one message per field. */
  function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> | null {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    showErrors(fieldErrors(parsed.error));
    return null;
  }

  /** Puts the server's messages about this form's fields under them (a taken email); true if there were any. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiError)) return false;
    const aboutThisForm = Object.entries(error.fieldErrors).filter(([name]) => name in values);
    if (aboutThisForm.length === 0) return false;
    showErrors(Object.fromEntries(aboutThisForm));
    return true;
  }

  /** Back to the starting values with no errors, after a form did its job (a post was shared). */
  function reset() {
    setValues(initialValues);
    setErrors({});
  }

  return { values, errors, field, set, showErrors, validate, showServerErrors, reset, formRef };
}
