import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { bottomBarSpace } from '../../ui/bottom-bar.css.ts';
import { vars } from '../../ui/theme.css.ts';

export const header = style({ display: 'grid', gap: vars.space.xxs });

export const familyName = style({ margin: 0, fontSize: vars.fontSize.display, letterSpacing: '-0.01em' });

export const activeSenders = style({ margin: 0, color: vars.color.textMuted });

/** The conversation: a column as wide as reads comfortably, the composer kept at the bottom of the screen. */
export const chat = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '52rem',
  marginInline: 'auto',
});

export const conversation = style({ display: 'grid', gap: vars.space.md });

export const list = style({ display: 'grid', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' });

export const separator = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlock: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderBlockStart: `1px solid ${vars.color.border}` },
  },
});

/** Where the messages that came while the person was away begin. */
export const newSeparator = style([separator, { color: vars.color.primaryText }]);

export const message = style({
  display: 'grid',
  gridTemplateColumns: '2.5rem minmax(0, 1fr)',
  columnGap: vars.space.sm,
  alignItems: 'end',
  selectors: { '&[data-starts-group]': { marginBlockStart: vars.space.sm } },
});

/** One's own messages sit on the other side, without an avatar, as in every messaging app. */
export const mine = style([message, { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'end' }]);

export const avatarSpace = style({ width: '2.5rem' });

export const body = style({
  display: 'grid',
  gap: vars.space.xxs,
  justifyItems: 'start',
  maxWidth: 'min(36rem, 85%)',
  selectors: { [`${mine} &`]: { justifyItems: 'end' } },
});

export const senderName = style({
  margin: 0,
  paddingInline: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const bubble = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  borderEndStartRadius: vars.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  lineHeight: vars.lineHeight.body,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  selectors: {
    [`${mine} &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryForeground,
      borderEndStartRadius: vars.radius.lg,
      borderEndEndRadius: vars.radius.sm,
    },
  },
});

globalStyle(`${mine} ${bubble} a`, { color: 'inherit' });

/** The message and, beside it (towards the middle), what can be done with it. */
export const bubbleRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  selectors: { [`${mine} &`]: { flexDirection: 'row-reverse' } },
});

/** When it was written, small in the bubble's corner, as in every messaging app. */
export const time = style({
  float: 'inline-end',
  marginInlineStart: vars.space.sm,
  marginBlockStart: '0.4em',
  fontSize: '0.75em',
  lineHeight: 1.4,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  // On one's own coloured bubble, its own text colour: a paler one would not be readable there.
  selectors: { [`${mine} &`]: { color: 'inherit' } },
});

/**
 * A photo message: the picture is the message, its time on a dark chip in the corner. It gives way to the delete
 * button beside it on a narrow screen rather than pushing the chat sideways.
 */
export const photoBubble = style({ position: 'relative', flex: '0 1 18rem', minWidth: 0 });

/**
 * A voice message: its player in a bubble of the page's own colours, one's own lightly tinted, so the play button
 * stands out on either; as wide as a phone allows, never pushing the chat sideways.
 */
export const voiceBubble = style({
  // A width of its own (the player inside sizes itself by the bubble), from the screen's: a phone's most of it.
  flex: '0 1 auto',
  width: 'min(22rem, 68vw)',
  minWidth: 0,
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  borderEndStartRadius: vars.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    [`${mine} &`]: {
      background: vars.color.primarySoft,
      borderColor: vars.color.primarySoft,
      borderEndStartRadius: vars.radius.lg,
      borderEndEndRadius: vars.radius.sm,
    },
  },
});

// Three classes: above the own-bubble colour rule; the time sits under the player, not floating beside it.
globalStyle(`${body} ${voiceBubble} ${time}`, {
  float: 'none',
  justifySelf: 'end',
  margin: 0,
  color: vars.color.textMuted,
});

// Three classes: above the own-bubble colour rule.
globalStyle(`${body} ${photoBubble} ${time}`, {
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
  insetBlockEnd: vars.space.xs,
  float: 'none',
  margin: 0,
  padding: `0.1em ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: 'hsl(0 0% 0% / 0.55)',
  color: 'white',
  pointerEvents: 'none',
});

export const deleted = style([
  bubble,
  {
    fontStyle: 'italic',
    color: vars.color.textMuted,
    background: 'transparent',
    selectors: { [`${mine} &`]: { color: vars.color.textMuted, background: 'transparent' } },
  },
]);

export const photoPlaceholder = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '4 / 3',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  paddingInline: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/**
 * Shown where a pointer hovers the message, where a tap selected it, and to the keyboard when it reaches it: the
 * conversation reads calmly, without a bin beside every line.
 */
/** A message's own buttons: shown on hover, when the message is tapped (touch screens) or focused. */
const messageAction = style({
  flex: 'none',
  opacity: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  justifyContent: 'center',
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    [`${message}:hover &, ${message}[data-selected] &, &:focus-visible, &[aria-pressed="true"]`]: { opacity: 1 },
  },
});

export const deleteButton = style([
  messageAction,
  { selectors: { '&:hover': { color: vars.color.danger, background: vars.color.dangerSoft } } },
]);

export const readAloudButton = style([
  messageAction,
  { selectors: { '&:hover, &[aria-pressed="true"]': { color: vars.color.primaryText } } },
]);

export const older = style({ display: 'flex', justifyContent: 'center', minHeight: '2.75rem' });

export const olderNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/**
 * The composer stays at the bottom of the screen while the conversation scrolls under it: above the tab bar, and
 * above the on-screen keyboard (`--keyboard-inset`, set while it is open).
 */
export const composer = style({
  position: 'sticky',
  insetBlockEnd: `max(${bottomBarSpace}, var(--keyboard-inset, 0px))`,
  zIndex: 10,
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.xl,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
});

const composerContainer = createContainer();

/** In em, so it follows the text size: with the largest text on a phone the words get a row of their own. */
const narrowComposer = `${composerContainer} (max-width: 22em)`;

export const composerRow = style({
  containerName: composerContainer,
  containerType: 'inline-size',
  display: 'flex',
  // Hidden while a voice note is recorded: the recorder stands in its place.
  selectors: { '&[hidden]': { display: 'none' } },
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const input = style({
  flex: '1 1 0',
  minWidth: 0,
  '@container': { [narrowComposer]: { flexBasis: '100%', order: -1 } },
});

/** The composer's own Send: a little narrower than a form's, to leave the words room on a phone. */
export const send = style({ paddingInline: vars.space.md, flex: 'none' });

globalStyle(`${input} textarea`, {
  minHeight: vars.size.touchTarget,
  maxHeight: '10rem',
  resize: 'none',
  fieldSizing: 'content',
} as never);

export const attach = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&:focus-within': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const problem = style({ margin: 0, paddingInline: vars.space.sm, color: vars.color.danger });

export const footer = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** "New messages ↓": shown while the person reads further up and something new arrives. */
export const newPill = style({
  position: 'sticky',
  insetBlockEnd: `calc(max(${bottomBarSpace}, var(--keyboard-inset, 0px)) + 6rem)`,
  zIndex: 11,
  justifySelf: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  boxShadow: vars.shadow.lg,
  cursor: 'pointer',
});

export const skeleton = style({ display: 'grid', gap: vars.space.md });

/** Photos picked to send, above the message field, until Send or Cancel. */
export const photosToSend = style({ display: 'grid', gap: vars.space.sm, paddingBlockEnd: vars.space.xs });

export const photosToSendActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});
