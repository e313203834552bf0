import { useId, useState, type ComponentProps } from 'react';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons.tsx';
import * as styles from './text-field.css.ts';

type TextFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  label: string;
  type?: 'text' | 'email' | 'password';
  hint?: string;
  /** Shown under the input and tied to it, so a screen reader reads it with the field. */
  error?: string | undefined;
};

/** The one text input: a visible label, an optional hint, an error tied to the input, and for passwords a show/hide button. */
export function TextField({ label, type = 'text', hint, error, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [passwordVisible, setPasswordVisible] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.inputWrap}>
        <input
          {...inputProps}
          id={id}
          type={isPassword && passwordVisible ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={[styles.input, isPassword ? styles.inputWithToggle : undefined].filter(Boolean).join(' ')}
        />
        {isPassword ? (
          <button
            type="button"
            className={styles.visibilityToggle}
            aria-label={passwordVisible ? 'Hide password' : 'Show password'}
            aria-controls={id}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            {passwordVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          <AlertIcon size="1.1em" className={styles.errorIcon} />
          {error}
        </p>
      ) : null}
    </div>
  );
}
