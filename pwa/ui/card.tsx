import type { HTMLAttributes } from 'react';
import { cardPadding } from './card.css.ts';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** A section when the card has its own heading, so it shows in the page's outline; an article for a post. */
  as?: 'div' | 'section' | 'article';
  padding?: keyof typeof cardPadding;
};

export function Card({ as: Element = 'div', padding = 'lg', className, ...props }: CardProps) {
  return <Element {...props} className={[cardPadding[padding], className].filter(Boolean).join(' ')} />;
}
