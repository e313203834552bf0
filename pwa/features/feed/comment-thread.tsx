import { useRef } from 'react';
import { familyToasts } from '../../../schema/family-messages.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formActions } from '../../ui/form-actions.css.ts';
import { TextArea } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { PersonAvatar, personName } from '../family/person.tsx';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { usePendingIds } from '../device-session/use-sync-state.ts';
import { WaitingMarker } from '../device-session/waiting-marker.tsx';
import * as styles from './comment-thread.css.ts';
import { commentRules } from './content-rules.ts';
import * as formStyles from './content-form.css.ts';
import { TrashIcon } from './feed-icons.tsx';
import { LinkifiedText } from './linkified-text.tsx';
import * as cardStyles from './post-card.css.ts';
import { RelativeTime } from './relative-time.tsx';
import { submitOnCtrlEnter } from './submit-on-ctrl-enter.ts';
import { useContentForm } from './use-content-form.ts';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import { usePostComments, type ThreadComment } from './use-post-comments.ts';
import { useQuickWrite } from './use-quick-write.ts';
import { forgetRecordingsOf, queueVoiceNote } from '../voice/queue-voice-note.ts';
import { useVoiceRecorder, type Recorded } from '../voice/use-voice-recorder.ts';
import { MicIcon } from '../voice/voice-icons.tsx';
import { AttachedVoiceNote } from '../voice/voice-message.tsx';
import { VoiceRecorderPanel } from '../voice/voice-recorder.tsx';

type CommentThreadProps = {
  /** The comments button points here (aria-controls). */
  id: string;
  postId: string;
  familyId: string;
  viewerId: string;
  viewerIsAdmin: boolean;
  /** Opened to write the first comment: the cursor goes straight to the field. */
  focusField: boolean;
};

/** A post's conversation, oldest first, and a field to join it. Works offline like everything else in the feed. */
export function CommentThread({ id, postId, familyId, viewerId, viewerIsAdmin, focusField }: CommentThreadProps) {
  const comments = usePostComments(postId);
  const waiting = usePendingIds('comments');
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  return (
    <div id={id} className={styles.thread}>
      {comments && comments.length > 0 ? (
        <ol className={styles.list} aria-label="Comments">
          {comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                waiting={waiting?.has(comment.id) ?? false}
                canDelete={comment.authorId === viewerId || viewerIsAdmin}
                // The comment and its button are gone: the field is the nearest place to carry on from.
                onDeleted={() => fieldRef.current?.focus()}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <CommentForm postId={postId} familyId={familyId} fieldRef={fieldRef} autoFocus={focusField} />
    </div>
  );
}

type CommentItemProps = { comment: ThreadComment; waiting: boolean; canDelete: boolean; onDeleted: () => void };

function CommentItem({ comment, waiting, canDelete, onDeleted }: CommentItemProps) {
  const db = useHearthDb();
  const quickWrite = useQuickWrite();
  const confirmDelete = useDialogState();
  const { author } = comment;
  const isVoice = comment.commentType === 'voice';

  async function deleteComment() {
    const args = { commentId: comment.id, familyId: comment.familyId };
    if (!(await quickWrite('comment.delete', args, familyToasts.commentDeleted))) return;
    // A recording still waiting to upload has nowhere to go now: it leaves the queue instead.
    if (isVoice) await forgetRecordingsOf(db, { on: 'comment', commentId: comment.id });
    onDeleted();
  }

  return (
    <div className={styles.comment}>
      <PersonAvatar user={author} size="sm" />
      <div className={styles.body}>
        <div className={styles.byline}>
          <span className={cardStyles.author}>{personName(author)}</span>
          <span className={cardStyles.meta}>
            <RelativeTime at={comment.createdAt} />
          </span>
          {waiting ? <WaitingMarker /> : null}
        </div>
        {isVoice ? (
          <AttachedVoiceNote of={{ on: 'comment', commentId: comment.id }} label="Voice comment" />
        ) : (
          <p className={cardStyles.content}>
            <LinkifiedText text={comment.content} />
          </p>
        )}
        {canDelete ? (
          <button
            type="button"
            className={[cardStyles.action, styles.deleteButton].join(' ')}
            aria-label="Delete comment"
            onClick={() => confirmDelete.show()}
          >
            <TrashIcon />
            Delete
          </button>
        ) : null}
      </div>
      {confirmDelete.state ? (
        <ConfirmDialog
          open={confirmDelete.state.open}
          onClose={confirmDelete.close}
          title="Delete this comment?"
          description={
            isVoice
              ? 'It will be gone for everyone in the family, with its recording.'
              : 'It will be gone for everyone in the family.'
          }
          confirmLabel="Delete comment"
          onConfirm={() => void deleteComment()}
        />
      ) : null}
    </div>
  );
}

type CommentFormProps = {
  postId: string;
  familyId: string;
  fieldRef: React.RefObject<HTMLTextAreaElement | null>;
  autoFocus: boolean;
};

/**
 * Sent with the button or Ctrl+Enter; the field empties and stays ready for the next one. Or said aloud: "Add a voice
 * comment" records with the chat's recorder (decision 0065).
 */
function CommentForm({ postId, familyId, fieldRef, autoFocus }: CommentFormProps) {
  const db = useHearthDb();
  const write = useLocalWrite();
  const recorder = useVoiceRecorder();
  const form = useContentForm({
    rules: commentRules,
    save: (content) => write('comment.create', { commentId: crypto.randomUUID(), postId, familyId, content }),
    onSaved: () => fieldRef.current?.focus(),
    failure: familyToasts.commentFailed,
  });

  /**
   * The comment is written at once, so the conversation keeps the order things were said in; its recording waits on
   * this device with the photos and is named once it is up, as a voice message's is.
   */
  async function sendVoice(recorded: Recorded) {
    const commentId = crypto.randomUUID();
    try {
      await write('comment.create', { commentId, postId, familyId, commentType: 'voice' });
      await queueVoiceNote(db, familyId, recorded, { on: 'comment', commentId });
    } catch (error) {
      console.error('Could not keep the voice comment on this device', error);
      toast({ ...familyToasts.commentFailed, variant: 'destructive' });
    }
  }

  return (
    <form ref={form.formRef} className={formStyles.form} onSubmit={form.submit} noValidate>
      <VoiceRecorderPanel
        recorder={recorder}
        sendLabel="Send voice comment"
        onSend={(recorded) => void sendVoice(recorded)}
      />
      <TextArea
        ref={fieldRef}
        label="Write a comment"
        hideLabel
        placeholder="Write a comment…"
        rows={2}
        autoFocus={autoFocus}
        onKeyDown={submitOnCtrlEnter}
        {...form.field}
      />
      <div className={formActions}>
        <Button variant="secondary" onClick={recorder.start} disabled={recorder.state.step !== 'idle'}>
          <MicIcon size="1.25rem" />
          Add a voice comment
        </Button>
        <Button type="submit" disabled={form.blank || form.saving}>
          Add comment
        </Button>
      </div>
    </form>
  );
}
