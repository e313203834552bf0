import type { ComponentProps } from 'react';
import { createLink } from '@tanstack/react-router';
import { buttonVariants, fullWidth as fullWidthStyle } from './button.css.ts';

export type ButtonVariant = keyof typeof buttonVariants;

type ButtonStyleProps = { variant?: ButtonVariant; fullWidth?: boolean };

function buttonClassName({ variant = 'primary', fullWidth }: ButtonStyleProps, className?: string): string {
  return [buttonVariants[variant], fullWidth ? fullWidthStyle : undefined, className].filter(Boolean).join(' ');
}

type NativeButtonProps = ButtonStyleProps & ComponentProps<'button'> & { href?: never };
type AnchorButtonProps = ButtonStyleProps & ComponentProps<'a'> & { href: string };

/**
 * The one button. With `href` it is a plain link that leaves the app (server routes such as /api/logout that need a
 * full page load); for links inside the app use ButtonLink, which goes through the router.
 */
export function Button(props: NativeButtonProps | AnchorButtonProps) {
  if (props.href !== undefined) {
    const { variant, fullWidth, className, ...anchorProps } = props;
    return <a {...anchorProps} className={buttonClassName({ variant, fullWidth }, className)} />;
  }
  const { variant, fullWidth, className, type = 'button', ...buttonProps } = props;
  return <button {...buttonProps} type={type} className={buttonClassName({ variant, fullWidth }, className)} />;
}

function ButtonAnchor({ variant, fullWidth, className, ...anchorProps }: ButtonStyleProps & ComponentProps<'a'>) {
  return <a {...anchorProps} className={buttonClassName({ variant, fullWidth }, className)} />;
}

/** A router link that looks like a Button; `to` is checked against the route tree. */
export const ButtonLink = createLink(ButtonAnchor);
