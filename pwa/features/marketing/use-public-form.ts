import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { toast } from '../../ui/toast-store.ts';
import { publicFormFailure, type FailureText } from './contact/public-form-failure.ts';

type PublicFormOptions<Schema extends z.ZodType> = {
  /**
   * The shared schema, imported when someone sends: it comes with the validation library, which reading a page
   * never needs to download.
   */
  schema: () => Promise<Schema>;
  /** The form's call in publicFormsApi. */
  send: (body: z.output<Schema>) => Promise<void>;
  /** Stored by the server; the form is empty again. */
  onSent: () => void;
  /** Not sent (offline, a burst, a server error): the words to show. A toast unless the form shows them itself. */
  onFailure?: (failure: FailureText) => void;
};

/**
 * How every public form sends (product.md "Public forms"): checked with the shared schema, stored by the server,
 * then emptied. A field the schema or the server refuses gets its message under it; any other failure goes to
 * `onFailure`; either way the form keeps what was typed.
 */
export function usePublicForm<Values extends Record<string, string>, Schema extends z.ZodType>(
  initialValues: Values,
  { schema, send, onSent, onFailure = showFailureToast }: PublicFormOptions<Schema>,
) {
  const form = useFormFields(initialValues);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const body = form.validate(await schema(), form.values);
      if (!body) return;
      await send(body);
      form.reset();
      onSent();
    } catch (error) {
      if (!form.showServerErrors(error)) onFailure(publicFormFailure(error));
    } finally {
      setSending(false);
    }
  }

  return { form, sending, submit };
}

function showFailureToast(failure: FailureText) {
  toast({ ...failure, variant: 'destructive' });
}
