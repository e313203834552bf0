import { useId, useState } from 'react';
import { familyToasts } from '../../../../schema/family-messages.ts';
import type { SyncedFamily } from '../../../../schema/sync.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { useLocalWrite } from '../../device-session/use-local-write.ts';

/**
 * An admin renames the family. The shared schema checks the name (1 to 100 characters) before anything is written,
 * with the same messages the server would give; the new name shows everywhere at once, even offline.
 */
export function RenameFamilyDialog({
  open,
  onClose,
  family,
}: {
  open: boolean;
  onClose: () => void;
  family: SyncedFamily;
}) {
  const write = useLocalWrite();
  const form = useFormFields({ name: family.name });
  const formId = useId();
  const [saving, setSaving] = useState(false);

  async function rename(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (form.values.name.trim() === family.name) return onClose();
    setSaving(true);
    try {
      const outcome = await write('family.rename', { familyId: family.id, name: form.values.name });
      if (!outcome.saved) return form.showErrors(outcome.fieldErrors);
      onClose();
    } catch (error) {
      console.error('Could not save the family name on this device', error);
      toast({ ...familyToasts.changeFailed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Rename family"
      description="Everyone in the family will see the new name."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            Save name
          </Button>
        </>
      }
    >
      <form id={formId} ref={form.formRef} onSubmit={rename} noValidate>
        <TextField label="Family name" autoComplete="off" {...form.field('name')} />
      </form>
    </Dialog>
  );
}
