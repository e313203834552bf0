import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { clockTime, dayLabel, formatExactDateTime, localDay } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { PersonAvatar, personName } from '../family/person.tsx';
import { TrashIcon } from '../feed/feed-icons.tsx';
import { LinkifiedText } from '../feed/linkified-text.tsx';
import { PostPhotos } from '../feed/post-photos.tsx';
import { useQuickWrite } from '../feed/use-quick-write.ts';
import { ChatIcon } from './chat-icon.tsx';
import * as styles from './chat-screen.css.ts';
import type { ChatMessageView } from './read-chat.ts';
import type { OlderMessages } from './use-chat.ts';
import { ReadAloudButton } from '../read-aloud/read-aloud-button.tsx';
import { forgetRecordingsOf } from '../voice/queue-voice-note.ts';
import { AttachedVoiceNote } from '../voice/voice-message.tsx';

type ChatMessagesProps = {
  messages: readonly ChatMessageView[];
  viewerId: string;
  /** Admins may delete anyone's message in their family. */
  viewerIsAdmin: boolean;
  /** Messages from others numbered after this came while the person was away: "New" marks where they start. */
  newAfter: number;
};

/**
 * The conversation, oldest first, with a line for each day and one where the new messages begin. A run of messages
 * from one person shows their picture and name once. Text is shown as text, never as HTML.
 */
export function ChatMessages({ messages, viewerId, viewerIsAdmin, newAfter }: ChatMessagesProps) {
  const db = useHearthDb();
  const quickWrite = useQuickWrite();
  const confirmDelete = useDialogState<string>();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Stable, so a message is not drawn again for their sake (MessageItem is memoised).
  const onSelect = useCallback(
    (messageId: string) => setSelectedId((selected) => (selected === messageId ? null : messageId)),
    [],
  );
  // `show` only calls its state setter, which React keeps the same: the first one serves for good.
  const showDialog = confirmDelete.show;
  const onDelete = useCallback((messageId: string) => showDialog(messageId), []);
  if (messages.length === 0) {
    return (
      <EmptyState
        icon={<ChatIcon size="2rem" />}
        title="Start the Conversation"
        text="Say hello, share a photo or ask how everyone is. Every member of the family sees it here."
      />
    );
  }
  const firstNew = messages.find((message) => message.senderId !== viewerId && (message.number ?? 0) > newAfter);


  return (
    <>
      <ol className={styles.list} aria-label="Messages">
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const newDay = !previous || localDay(previous.createdAt) !== localDay(message.createdAt);
          const isNew = message === firstNew;
          const mine = message.senderId === viewerId;
          return (
            <MessageItem
              key={message.id}
              message={message}
              dayLine={newDay ? dayLabel(message.createdAt) : null}
              isNew={isNew}
              startsGroup={newDay || isNew || previous?.senderId !== message.senderId}
              mine={mine}
              canDelete={message.deletedAt === null && (mine || viewerIsAdmin)}
              selected={selectedId === message.id}
              onSelect={onSelect}
              onDelete={onDelete}
            />
          );
        })}
      </ol>
      {confirmDelete.state ? (
        <ConfirmDialog
          open={confirmDelete.state.open}
          onClose={confirmDelete.close}
          title="Delete this message?"
          description="Everyone in the family will see “Message deleted” in its place. A photo or voice note you sent with it is deleted too."
          confirmLabel="Delete"
          onConfirm={() => {
            const message = messages.find((each) => each.id === confirmDelete.state?.subject);
            if (!message) return;
            void quickWrite('message.delete', { messageId: message.id, familyId: message.familyId });
            // A photo or recording still waiting to upload has nowhere to go now: it leaves the queue instead.
            if (message.photoId) void db.photoUploads.delete(message.photoId);
            if (message.messageType === 'voice') void forgetRecordingsOf(db, { on: 'message', messageId: message.id });
          }}
        />
      ) : null}
    </>
  );
}

type MessageItemProps = {
  message: ChatMessageView;
  /** The day line above it, when it is the first of its day. */
  dayLine: string | null;
  /** The first message that came while the person was away. */
  isNew: boolean;
  /** The first of a run from one person: their picture and name show. */
  startsGroup: boolean;
  mine: boolean;
  canDelete: boolean;
  selected: boolean;
  onSelect: (messageId: string) => void;
  onDelete: (messageId: string) => void;
};

/**
 * One message, drawn again only when what it shows changes: each arriving message re-reads the conversation into new
 * objects, and a long one would otherwise be drawn whole for every line that arrives.
 */
const MessageItem = memo(function MessageItem({
  message,
  dayLine,
  isNew,
  startsGroup,
  mine,
  canDelete,
  selected,
  onSelect,
  onDelete,
}: MessageItemProps) {
  return (
    <>
      {dayLine ? (
        <li className={styles.separator} aria-hidden="true">
          {dayLine}
        </li>
      ) : null}
      {isNew ? (
        <li className={styles.newSeparator} aria-hidden="true">
          New messages
        </li>
      ) : null}
      <li
        className={mine ? styles.mine : styles.message}
        data-starts-group={startsGroup || undefined}
        data-selected={selected || undefined}
        onClick={(event) => {
          // A tap on a message shows what can be done with it (on a touch screen nothing hovers).
          if (!(event.target instanceof Element) || !event.target.closest('a, button')) onSelect(message.id);
        }}
      >
        {mine ? null : startsGroup ? (
          <PersonAvatar user={message.sender} size="sm" />
        ) : (
          <span className={styles.avatarSpace} />
        )}
        <div className={styles.body}>
          {mine ? (
            <span className={visuallyHidden}>You:</span>
          ) : (
            <p className={startsGroup ? styles.senderName : visuallyHidden}>{personName(message.sender)}</p>
          )}
          <div className={styles.bubbleRow}>
            <MessageContent message={message} />
            {message.messageType === 'text' && message.deletedAt === null ? (
              <ReadAloudButton text={message.content ?? ''} className={styles.readAloudButton} iconOnly />
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className={styles.deleteButton}
                aria-label="Delete message"
                aria-haspopup="dialog"
                onClick={() => onDelete(message.id)}
              >
                <TrashIcon size="1.125rem" />
              </button>
            ) : null}
          </div>
          {message.number === null ? <p className={styles.meta}>Sending…</p> : null}
        </div>
      </li>
    </>
  );
}, sameMessageItem);

/** Props compared by what they show: the message and its sender by their fields, the rest as they are. */
function sameMessageItem(before: MessageItemProps, after: MessageItemProps): boolean {
  const keys = Object.keys(before) as (keyof MessageItemProps)[];
  return keys.every((key) =>
    key === 'message' ? sameFields(before.message, after.message) : before[key] === after[key],
  );
}

function sameFields(a: ChatMessageView, b: ChatMessageView): boolean {
  const { sender: senderA, ...rowA } = a;
  const { sender: senderB, ...rowB } = b;
  return shallowEqual(rowA, rowB) && (senderA === senderB || (!!senderA && !!senderB && shallowEqual(senderA, senderB)));
}

function shallowEqual(a: object, b: object): boolean {
  const entriesA = Object.entries(a);
  return entriesA.length === Object.keys(b).length && entriesA.every(([key, value]) => (b as Record<string, unknown>)[key] === value);
}

function MessageContent({ message }: { message: ChatMessageView }) {
  const time = (
    <time className={styles.time} dateTime={message.createdAt} title={formatExactDateTime(message.createdAt)}>
      {clockTime(message.createdAt)}
    </time>
  );
  if (message.deletedAt !== null) {
    return (
      <p className={styles.deleted}>
        Message deleted {time}
      </p>
    );
  }
  if (message.messageType === 'photo' && message.photoId) {
    return (
      <div className={styles.photoBubble}>
        <PostPhotos
          photoIds={[message.photoId]}
          placeholder={<p className={styles.photoPlaceholder}>Photo on its way…</p>}
        />
        {time}
      </div>
    );
  }
  if (message.messageType === 'voice') {
    return (
      <div className={styles.voiceBubble}>
        <AttachedVoiceNote of={{ on: 'message', messageId: message.id }} label="Voice message" />
        {time}
      </div>
    );
  }
  return (
    <p className={styles.bubble}>
      <LinkifiedText text={message.content} />
      {time}
    </p>
  );
}

/**
 * At the top of the conversation: older messages are fetched when this comes into view (or on the button, for
 * keyboards and after a failure); the start of the conversation says so.
 */
export function OlderMessagesControl({
  olderBefore,
  older,
  hasMessages,
}: {
  olderBefore: number | null;
  older: OlderMessages;
  hasMessages: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { load } = older;
  useEffect(() => {
    const element = ref.current;
    if (!element || olderBefore === null || older.state !== 'idle') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && navigator.onLine) load();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [olderBefore, older.state, load]);

  if (!hasMessages) return null;
  return (
    <div ref={ref} className={styles.older}>
      {olderBefore === null ? (
        <p className={styles.olderNote}>This is the start of your family's conversation.</p>
      ) : older.state === 'loading' ? (
        <p className={styles.olderNote} role="status">
          Loading earlier messages…
        </p>
      ) : (
        <Button variant="ghost" onClick={load}>
          {older.state === 'failed' ? "Couldn't load earlier messages. Try again" : 'Show earlier messages'}
        </Button>
      )}
    </div>
  );
}
