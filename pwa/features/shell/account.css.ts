import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { navLink } from './header.css.ts';

/** Name over email, each cut short with an ellipsis rather than pushing the layout wider. */
export const identity = style({ display: 'grid', minWidth: 0, textAlign: 'start', lineHeight: vars.lineHeight.tight });

export const identityName = style({
  minWidth: 0,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const identityEmail = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const accountMenu = style({ position: 'relative' });

export const accountButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: '18rem',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.xxs} ${vars.space.sm} ${vars.space.xxs} ${vars.space.xxs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  transition: 'background-color 150ms ease, border-color 150ms ease',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: vars.color.primarySoft, borderColor: vars.color.borderStrong },
  },
});

export const chevron = style({
  color: vars.color.textMuted,
  transition: 'transform 150ms ease',
  selectors: { [`${accountButton}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

const dropIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-0.25rem)' },
  to: { opacity: 1, transform: 'none' },
});

export const accountPanel = style({
  position: 'absolute',
  insetInlineEnd: 0,
  insetBlockStart: `calc(100% + ${vars.space.sm})`,
  zIndex: 60,
  width: '16rem',
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
  animation: `${dropIn} 150ms ease-out`,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const menuList = style({ display: 'grid', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' });

export const menuLink = style([
  navLink,
  {
    display: 'flex',
    width: '100%',
    borderRadius: vars.radius.md,
    color: vars.color.text,
    // Sign Out is a button among links: it must look like its neighbours.
    border: 0,
    background: 'transparent',
    fontFamily: 'inherit',
    fontSize: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
  },
]);

export const divider = style({
  height: '1px',
  margin: `${vars.space.sm} 0`,
  border: 0,
  background: vars.color.border,
});

const slideIn = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'none' },
});

export const drawer = style({
  position: 'fixed',
  inset: '0 auto 0 0',
  width: 'min(20rem, 88vw)',
  maxWidth: 'none',
  height: '100dvh',
  maxHeight: 'none',
  margin: 0,
  padding: 0,
  border: 0,
  borderStartEndRadius: vars.radius.xl,
  borderEndEndRadius: vars.radius.xl,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  selectors: {
    '&[open]': { animation: `${slideIn} 200ms ease-out` },
    '&::backdrop': { background: vars.color.overlay },
  },
});

export const drawerInner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minHeight: '100%',
  padding: vars.space.md,
  paddingBlockEnd: `max(${vars.space.md}, env(safe-area-inset-bottom))`,
  overflowY: 'auto',
});

export const drawerTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const drawerIdentity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});

export const drawerFooter = style({ marginBlockStart: 'auto' });

/** While the drawer is open the page behind it stays put. */
globalStyle('html:has(dialog[open])', { overflow: 'hidden' });
