import { useState, type FormEvent } from 'react';
import { photoToasts } from '../../../schema/photo-messages.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import * as styles from './photos-screen.css.ts';

type NewAlbumDialogProps = {
  familyId: string;
  open: boolean;
  onClose: () => void;
  /** The album is made (on this device at once): the grid shows it. */
  onCreated: (albumId: string) => void;
};

/** New Album (product.md §2): asks for a name, 1 to 100 characters; made on the device at once, offline too. */
export function NewAlbumDialog({ familyId, open, onClose, onCreated }: NewAlbumDialogProps) {
  const write = useLocalWrite();
  const form = useFormFields({ name: '' });
  const [saving, setSaving] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const albumId = crypto.randomUUID();
    try {
      const outcome = await write('album.create', { albumId, familyId, name: form.values.name, description: null });
      if (!outcome.saved) {
        form.showErrors(outcome.fieldErrors);
        setSaving(false);
        return;
      }
      toast(photoToasts.albumCreated);
      onCreated(albumId);
      onClose();
    } catch {
      setSaving(false);
      toast({ ...photoToasts.albumFailed, variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New Album"
      description="Give the album a name your family will recognise."
    >
      <form ref={form.formRef} noValidate onSubmit={create} className={styles.form}>
        <TextField {...form.field('name')} label="Album name" autoComplete="off" autoFocus />
        <Button type="submit" disabled={saving}>
          {saving ? 'Creating...' : 'Create Album'}
        </Button>
      </form>
    </Dialog>
  );
}
