import type { ComponentProps, ReactNode } from 'react';
import { iconButton } from './icon-button.css.ts';

type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label' | 'children'> & {
  /** Required: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
};

/** A round 44 px button showing only an icon, named by `label`. */
export function IconButton({ label, icon, className, type = 'button', ...buttonProps }: IconButtonProps) {
  return (
    <button
      {...buttonProps}
      type={type}
      aria-label={label}
      className={[iconButton, className].filter(Boolean).join(' ')}
    >
      {icon}
    </button>
  );
}
