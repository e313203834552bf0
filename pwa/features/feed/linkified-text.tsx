import { Fragment } from 'react';
import { splitLinks } from './split-links.ts';

/**
 * Someone's words with their web addresses made clickable. Everything is a React text node or a link React builds,
 * so nothing a person types can ever run as HTML or script.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
