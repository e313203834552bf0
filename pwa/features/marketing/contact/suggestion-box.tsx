import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toasts } from '../../../../schema/messages.ts';
import { emailInputProps } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { publicFormsApi } from '../public-forms-api.ts';
import { usePublicForm } from '../use-public-form.ts';
import { LightbulbIcon } from './contact-icons.tsx';
import * as styles from './contact-screen.css.ts';
import type { FailureText } from './public-form-failure.ts';

/**
 * The Suggestion Box: a button and the dialog it opens. Only the idea is required; a name and an address only if
 * the person wants an answer. A failure is said inside the dialog (a toast would sit behind it) and the text stays,
 * as it does when the dialog is closed without sending.
 */
export function SuggestionBox() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const { form, sending, submit } = usePublicForm(
    { suggestion: '', name: '', email: '' },
    {
      schema: async () => (await import('../../../../schema/public-forms.ts')).suggestionBodySchema,
      send: publicFormsApi.suggestion,
      onSent: () => {
        close();
        toast(toasts.suggestionShared);
      },
      onFailure: setFailure,
    },
  );
  const formId = useId();
  const failureRef = useRef<HTMLDivElement>(null);

  // The message appears under the form; on a small screen the dialog scrolls it into view.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);

  function close() {
    setOpen(false);
    setFailure(null);
  }

  /** A new try starts without the last failure's message. */
  function send(event: FormEvent<HTMLFormElement>) {
    setFailure(null);
    void submit(event);
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LightbulbIcon size="1.25em" />
        Suggestion Box
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Suggestion Box"
        description="What would make Hearth better for your family? Every idea is read."
        actions={
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={sending}>
              {sending ? 'Sending...' : 'Share Suggestion'}
            </Button>
          </>
        }
      >
        <form id={formId} ref={form.formRef} className={styles.dialogForm} noValidate onSubmit={send}>
          <TextArea {...form.field('suggestion')} label="Your suggestion" rows={4} />
          <TextField {...form.field('name')} label="Name (optional)" autoComplete="name" />
          <TextField
            {...form.field('email')}
            {...emailInputProps}
            label="Email (optional)"
            hint="Only if you would like an answer"
          />
        </form>
        {failure ? (
          <div ref={failureRef} role="alert" className={styles.failure}>
            <AlertIcon size="1.25em" className={styles.failureIcon} />
            <p>
              <strong>{failure.title}.</strong> {failure.description}
            </p>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
