import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links.ts';

describe('splitLinks', () => {
  it('links http, https and www addresses and leaves the rest as text', () => {
    expect(splitLinks('Photos at https://example.com/album?id=3, and www.example.org.')).toEqual([
      { text: 'Photos at ' },
      { text: 'https://example.com/album?id=3', href: 'https://example.com/album?id=3' },
      { text: ', and ' },
      { text: 'www.example.org', href: 'https://www.example.org' },
      { text: '.' },
    ]);
  });

  it('never makes a link of a script or data address, or of HTML', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> <script>alert(1)</script>';
    expect(splitLinks(text)).toEqual([{ text }]);
  });

  it('keeps text without links whole, line breaks included', () => {
    expect(splitLinks('Line one\nLine two')).toEqual([{ text: 'Line one\nLine two' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
