import { useState } from 'react';
import { limits } from '../../../schema/limits.ts';
import { toasts } from '../../../schema/messages.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { formActions } from '../../ui/form-actions.css.ts';
import { TextArea } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { ChosenPhotos } from '../photos/chosen-photos.tsx';
import { photoPickerAccept, queuePhotos, selectionProblem } from '../photos/queue-photos.ts';
import { postRules } from './content-rules.ts';
import * as styles from './content-form.css.ts';
import { submitOnCtrlEnter } from './submit-on-ctrl-enter.ts';
import { useContentForm } from './use-content-form.ts';

/**
 * Share an update, with photos if you like. The post is saved on this device at once and shows in the feed (marked
 * "Waiting to send" until the server has it), so writing works the same on a plane as at home. Its photos wait in
 * the upload queue and appear in the post, for everyone, as each one reaches Hearth.
 */
export function PostComposer({ familyId }: { familyId: string }) {
  const db = useHearthDb();
  const write = useLocalWrite();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState('');
  const form = useContentForm({
    rules: postRules,
    save: async (content) => {
      const photoIds = await queuePhotos(db, familyId, photos, { albumId: null, title: null, description: null });
      const outcome = await write('post.create', { postId: crypto.randomUUID(), familyId, content, photoIds });
      if (!outcome.saved) await db.photoUploads.bulkDelete(photoIds);
      return outcome;
    },
    onSaved: () => {
      setPhotos([]);
      toast(navigator.onLine ? toasts.postCreated : toasts.postSavedOffline);
    },
    failure: toasts.postFailed,
  });

  function addPhotos(chosen: File[]) {
    const all = [...photos, ...chosen];
    const problem = selectionProblem(all);
    setPhotoProblem(
      problem?.kind === 'tooMany'
        ? `A post can show up to ${limits.photosPerPost} photos.`
        : problem?.kind === 'notImages'
          ? 'Please select only image files.'
          : problem?.kind === 'tooLarge'
            ? `Each photo can be at most ${limits.photoMaxBytes / 1024 / 1024} MB: ${problem.names.join(', ')}.`
            : '',
    );
    if (!problem) setPhotos(all);
  }

  return (
    <Card as="section" aria-label="Share an update" padding="md">
      <form ref={form.formRef} className={styles.form} onSubmit={form.submit} noValidate>
        <TextArea
          label="Share an update with your family"
          hideLabel
          placeholder="What's new? Share an update with your family…"
          rows={3}
          onKeyDown={submitOnCtrlEnter}
          {...form.field}
        />
        {photos.length > 0 ? (
          <ChosenPhotos files={photos} onRemove={(index) => setPhotos(photos.filter((_, each) => each !== index))} />
        ) : null}
        {photoProblem ? (
          <p role="alert" className={styles.problem}>
            {photoProblem}
          </p>
        ) : null}
        <div className={formActions}>
          <label className={styles.addPhotos}>
            Add photos
            <input
              type="file"
              accept={photoPickerAccept}
              multiple
              className={styles.fileInput}
              onChange={(event) => {
                addPhotos([...(event.currentTarget.files ?? [])]);
                event.currentTarget.value = '';
              }}
            />
          </label>
          <Button type="submit" disabled={form.blank || form.saving}>
            Share
          </Button>
        </div>
      </form>
    </Card>
  );
}
