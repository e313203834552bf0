/** A run of text, and the address it links to when it is a web address. */
export type TextPart = { text: string; href?: string };

// http(s) addresses and bare www. ones; stops at spaces and at the brackets and quotes text puts around links.
const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}]+/gi;
// A sentence's full stop or comma after an address is punctuation, not part of it.
const trailingPunctuation = /[.,;:!?]+$/;

/** Splits text into plain runs and web addresses; only http and https links are made, never javascript: or data:. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const address = match[0].replace(trailingPunctuation, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: address, href: address.toLowerCase().startsWith('www.') ? `https://${address}` : address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
