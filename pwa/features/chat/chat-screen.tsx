import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SyncedFamily } from '../../../schema/sync.ts';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import { PageHeader } from '../../ui/page.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { NotSentList } from '../device-session/not-sent-list.tsx';
import { useFirstPullDone } from '../device-session/use-sync-state.ts';
import { FamilyScreen } from '../family/family-screen.tsx';
import { useIsFamilyAdmin } from '../family/use-is-family-admin.ts';
import { useQuickWrite } from '../feed/use-quick-write.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatIcon } from './chat-icon.tsx';
import { ChatMessages, OlderMessagesControl } from './chat-messages.tsx';
import * as styles from './chat-screen.css.ts';
import { useChat, useOlderMessages } from './use-chat.ts';

/**
 * Chat (product.md §2): the selected family's conversation, live, from the device. Messages written offline show at
 * once ("Sending…") and go when the connection is back; older messages come from the server as the person scrolls up.
 */
export function ChatScreen() {
  return (
    <FamilyScreen
      title="Chat"
      icon={<ChatIcon size="2rem" />}
      noFamilyText="Join or create a family group to chat together. Ask a relative for an invite link, or start your own family below."
      loading={<ChatLoading />}
    >
      {(family) => <FamilyChat family={family} />}
    </FamilyScreen>
  );
}

/** How close to the bottom counts as "reading the newest" (a line or two of slack). */
const nearBottomPx = 120;

/** To the end of the page, where the newest message sits just above the composer. */
function scrollToNewest(behavior: ScrollBehavior = 'auto'): void {
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior });
}

function isNearBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - nearBottomPx;
}

function FamilyChat({ family }: { family: SyncedFamily }) {
  const user = useSignedInUser();
  const chat = useChat(family.id);
  const firstPullDone = useFirstPullDone();
  const isAdmin = useIsFamilyAdmin(family.id);
  const older = useOlderMessages(family.id, chat?.olderBefore ?? null);
  const quickWrite = useQuickWrite();
  const reducedMotion = usePrefersReducedMotion();
  const conversationRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  // Read by the resize observer below, which must not restart with every scroll.
  const atBottomRef = useRef(true);
  const [missed, setMissed] = useState(false);
  const visible = usePageVisible();
  useKeyboardInset();

  // The read position when the screen opened: what came after it is marked as new until the person leaves.
  const [readAtOpen, setReadAtOpen] = useState<number | null>(null);
  if (chat && readAtOpen === null) setReadAtOpen(chat.readThrough);

  const messages = chat?.messages ?? [];
  const newest = messages.at(-1);
  const newestFromServer = messages.findLast((message) => message.number !== null);
  const newestNumbered = newestFromServer?.number ?? 0;
  const unreadFromOthers = messages.some(
    (message) => message.senderId !== user.id && (message.number ?? 0) > (chat?.readThrough ?? 0),
  );

  useEffect(() => {
    const onScroll = () => {
      const near = isNearBottom();
      atBottomRef.current = near;
      setAtBottom(near);
      if (near) setMissed(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // While the person is at the newest, they stay there as the conversation grows under them: a photo arriving in
    // its message, an older page above, fonts, the keyboard.
    const conversation = conversationRef.current;
    const resized = new ResizeObserver(() => {
      if (atBottomRef.current) scrollToNewest();
    });
    if (conversation) resized.observe(conversation);
    return () => {
      window.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, []);

  // On opening, the newest messages; after that, each new one, unless the person is reading further up (their
  // own message always takes them down). New is the last message, or the last from the server (which lands above
  // one's own unsent ones); older pages loading above change neither.
  const newestKey = newest ? `${newestFromServer?.id}|${newest.id}` : null;
  const shownNewest = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!chat || !newest || shownNewest.current === newestKey) return;
    const opening = shownNewest.current === null;
    shownNewest.current = newestKey;
    if (opening) {
      scrollToNewest();
    } else if (atBottom || newest.senderId === user.id) {
      scrollToNewest(reducedMotion ? 'auto' : 'smooth');
    } else {
      setMissed(true);
    }
  }, [chat, newest, newestKey, atBottom, user.id, reducedMotion]);

  // Read: the screen is in front of the person and they are at the newest. Once a second at most.
  useEffect(() => {
    if (!unreadFromOthers || !visible || !atBottom) return;
    const timer = window.setTimeout(
      () => void quickWrite('chat.read', { familyId: family.id, readThrough: newestNumbered }),
      1000,
    );
    return () => window.clearTimeout(timer);
  }, [unreadFromOthers, visible, atBottom, newestNumbered, family.id, quickWrite]);

  const activeSenders = new Set(messages.map((message) => message.senderId)).size;
  const loading = chat === undefined || (!firstPullDone && messages.length === 0);

  return (
    <div className={styles.chat}>
      <PageHeader
        title="Chat"
        lead={
          <>
            {family.name}
            {activeSenders > 0 ? ` · ${activeSenders} ${activeSenders === 1 ? 'person' : 'people'} chatting` : ''}
          </>
        }
      />
      <NotSentList />
      <div ref={conversationRef} className={styles.conversation}>
        {loading ? (
          <ChatLoading />
        ) : (
          <>
            <OlderMessagesControl olderBefore={chat.olderBefore} older={older} hasMessages={messages.length > 0} />
            <ChatMessages
              messages={messages}
              viewerId={user.id}
              viewerIsAdmin={isAdmin}
              newAfter={readAtOpen ?? chat.readThrough}
            />
          </>
        )}
      </div>
      {missed ? (
        <button
          type="button"
          className={styles.newPill}
          onClick={() => scrollToNewest(reducedMotion ? 'auto' : 'smooth')}
        >
          New messages ↓
        </button>
      ) : null}
      <ChatComposer familyId={family.id} />
      <p className={styles.footer}>Your family's conversations are private and secure: only its members can read them.</p>
    </div>
  );
}

function ChatLoading() {
  return (
    <div role="status" className={styles.skeleton}>
      <span className={visuallyHidden}>Loading chat...</span>
    </div>
  );
}

/** Whether the page is in front of the person (not a background tab, not a locked phone). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * Keeps `--keyboard-inset` on the page at the height the on-screen keyboard covers, so the composer sits just above
 * it on phones whose browsers shrink only the visual viewport (Safari, Chrome on Android by default).
 */
function useKeyboardInset(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => {
      const covered = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      root.style.setProperty('--keyboard-inset', `${Math.round(covered)}px`);
    };
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    update();
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      root.style.removeProperty('--keyboard-inset');
    };
  }, []);
}
