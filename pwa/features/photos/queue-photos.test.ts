import { describe, expect, it } from 'vitest';
import { limits } from '../../../schema/limits.ts';
import { selectionProblem, titleFromFileName } from './queue-photos.ts';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('selectionProblem', () => {
  it('takes photos of every kind the server shows, an iPhone HEIC without a type included', () => {
    const chosen = [
      file('beach.jpg', 'image/jpeg'),
      file('IMG_0001.HEIC', ''),
      file('scan.heif', 'image/heif'),
      file('card.png', 'image/png'),
    ];
    expect(selectionProblem(chosen)).toBeNull();
  });

  it('says what is plainly wrong: nothing, too many, not photos, too large', () => {
    expect(selectionProblem([])).toEqual({ kind: 'none' });
    const eleven = Array.from({ length: limits.photosPerSelection + 1 }, (_, n) => file(`${n}.jpg`, 'image/jpeg'));
    expect(selectionProblem(eleven)).toEqual({ kind: 'tooMany' });
    expect(selectionProblem([file('logo.svg', 'image/svg+xml')])).toEqual({ kind: 'notImages' });
    expect(selectionProblem([file('notes.txt', '')])).toEqual({ kind: 'notImages' });
    expect(selectionProblem([file('big.jpg', 'image/jpeg', limits.photoMaxBytes + 1)])).toEqual({
      kind: 'tooLarge',
      names: ['big.jpg'],
    });
  });
});

describe('titleFromFileName', () => {
  it('is the name without its extension', () => {
    expect(titleFromFileName('Grandma at 90.jpeg')).toBe('Grandma at 90');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });
});
