import { useId, type ReactNode } from 'react';
import { CheckIcon } from './icons.tsx';
import * as styles from './radio-tile.css.ts';

type RadioTilesProps<Value extends string> = {
  legend: string;
  /** A line under the choices, read out with the group. */
  hint?: string;
  name: string;
  options: readonly { value: Value; label: string; visual: ReactNode }[];
  value: Value;
  onChange: (value: Value) => void;
};

/**
 * A choice of one, drawn as tiles: native radio buttons underneath, so arrow keys move between options and screen
 * readers announce "1 of 3, selected".
 */
export function RadioTiles<Value extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
}: RadioTilesProps<Value>) {
  const hintId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={hint ? hintId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={[styles.tiles, options.length === 4 ? styles.fourTiles : undefined].filter(Boolean).join(' ')}>
        {options.map((option) => (
          <label key={option.value} className={styles.tile}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className={styles.input}
            />
            {option.visual}
            {option.label}
            <CheckIcon size="1rem" className={styles.check} />
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
