import { SelectField } from '../../ui/select-field.tsx';
import { useSignedInUser } from '../account/auth-store.ts';
import { deviceSessionStore } from '../device-session/device-session-store.ts';
import * as styles from './family-switcher.css.ts';
import { rememberSelectedFamily, useSelectedFamily } from './selected-family.ts';

type FamilySwitcherProps = {
  /** For the top bar: narrow, its label for screen readers only. The drawer has room for both. */
  compact?: boolean;
  className?: string;
};

/**
 * Chooses the family every screen shows, for someone in two or more (product.md, Families); the choice is remembered
 * on this device. It lives in the navigation, which draws before the device database opens, so until then it is not
 * shown.
 */
export function FamilySwitcher(props: FamilySwitcherProps) {
  const { db } = deviceSessionStore.use();
  return db ? <FamilySelect {...props} /> : null;
}

function FamilySelect({ compact = false, className }: FamilySwitcherProps) {
  const user = useSignedInUser();
  const { families, selected } = useSelectedFamily();
  if (!families || families.length < 2 || !selected) return null;
  return (
    <SelectField
      label="Family"
      hideLabel={compact}
      className={[compact ? styles.compact : undefined, className].filter(Boolean).join(' ')}
      options={families.map((family) => ({ value: family.id, label: family.name }))}
      value={selected.id}
      onChange={(event) => rememberSelectedFamily(user.id, event.target.value)}
    />
  );
}
