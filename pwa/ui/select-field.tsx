import type { ComponentProps } from 'react';
import { ChevronDownIcon } from './icons.tsx';
import * as styles from './select-field.css.ts';
import { Field, type FieldText } from './text-field.tsx';
import * as fieldStyles from './text-field.css.ts';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'children'> &
  FieldText & {
    options: readonly SelectOption[];
    /** The first, empty choice ("Choose a type"): nothing is picked until the person picks. */
    placeholder?: string;
  };

/** A native select with the same visible label, hint and tied error as TextField, so forms read as one family. */
export function SelectField({
  label,
  hint,
  error,
  hideLabel,
  options,
  placeholder,
  className,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div className={styles.selectWrap}>
          <select {...selectProps} {...control} className={[fieldStyles.input, styles.select].join(' ')}>
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className={styles.chevron} />
        </div>
      )}
    </Field>
  );
}
