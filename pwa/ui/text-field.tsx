import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons.tsx';
import * as styles from './text-field.css.ts';

export type FieldText = {
  label: string;
  hint?: string;
  /** Shown under the input and tied to it, so a screen reader reads it with the field. */
  error?: string | undefined;
  /** Read by screen readers only when the label shown is not enough (a composer whose label is its placeholder). */
  hideLabel?: boolean;
};

export type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** Label, hint and error around one control, wired together the same way for every kind of input. */
export function Field({
  label,
  hint,
  error,
  hideLabel,
  className,
  children,
}: FieldText & { className?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? styles.hiddenLabel : styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error ? (
        <p id={errorId} className={styles.error}>
          <AlertIcon size="1.1em" className={styles.errorIcon} />
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> &
  FieldText & { type?: 'text' | 'email' | 'password' | 'date' | 'datetime-local' };

/** The one text input: a visible label, an optional hint, an error tied to the input, and for passwords a show/hide button. */
export function TextField({ label, hint, error, hideLabel, type = 'text', className, ...inputProps }: TextFieldProps) {
  const [passwordVisible, setPasswordVisible] = useState(false);
  const isPassword = type === 'password';
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div className={styles.inputWrap}>
          <input
            {...inputProps}
            {...control}
            type={isPassword && passwordVisible ? 'text' : type}
            className={[styles.input, isPassword ? styles.inputWithToggle : undefined].filter(Boolean).join(' ')}
          />
          {isPassword ? (
            <button
              type="button"
              className={styles.visibilityToggle}
              aria-label={passwordVisible ? 'Hide password' : 'Show password'}
              aria-controls={control.id}
              onClick={() => setPasswordVisible((visible) => !visible)}
            >
              {passwordVisible ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'id'> & FieldText;

/** Several lines of text (a post, a comment), with the same label, hint and error as TextField. */
export function TextArea({ label, hint, error, hideLabel, className, ...textareaProps }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(control) => <textarea {...textareaProps} {...control} className={[styles.input, styles.textarea].join(' ')} />}
    </Field>
  );
}
