import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../lib/format-date.ts';
import { isMadeUpFileName, photoAlt } from './photo-alt.ts';

describe('a photo’s alt text', () => {
  const createdAt = '2026-03-21T14:15:00.000Z';
  const shared = `Photo shared by Rose on ${formatLongDate(createdAt)}`;

  it('is never the name a camera gave the file', () => {
    for (const name of [
      'IMG_2043',
      'PXL_20260321_141502',
      'DSC01234',
      'Screenshot 2026-03-21 at 14.15',
      '20260321_141502',
    ]) {
      expect(isMadeUpFileName(name)).toBe(true);
      expect(photoAlt({ title: name, createdAt }, 'Rose')).toBe(shared);
    }
  });

  it('is the caption someone wrote, or who shared it and when', () => {
    expect(photoAlt({ title: 'Grandma at 90', createdAt }, 'Rose')).toBe('Grandma at 90');
    expect(photoAlt({ title: 'IMG_2043', description: 'The plums are ripe', createdAt })).toBe('The plums are ripe');
    expect(photoAlt({ title: null, createdAt }, 'Rose')).toBe(shared);
    expect(photoAlt({ title: '', createdAt })).toBe(`Photo shared on ${formatLongDate(createdAt)}`);
    expect(isMadeUpFileName('Garden 2026')).toBe(false);
  });
});
