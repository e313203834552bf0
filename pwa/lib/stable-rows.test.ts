import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './stable-rows.ts';

describe('keepUnchanged', () => {
  it('keeps the earlier object of each row that did not change, and takes the new one of each that did', () => {
    const first = keepUnchanged(new Map(), [
      { id: 'a', likes: ['ada'] },
      { id: 'b', likes: [] },
    ]);
    const second = keepUnchanged(first.shown, [
      { id: 'c', likes: [] },
      { id: 'a', likes: ['ada'] },
      { id: 'b', likes: ['grace'] },
    ]);
    expect(second.rows[1]).toBe(first.rows[0]);
    expect(second.rows[2]).not.toBe(first.rows[1]);
    expect(second.rows.map((row) => row.likes)).toEqual([[], ['ada'], ['grace']]);
  });

  it('forgets rows no longer shown', () => {
    const first = keepUnchanged(new Map(), [{ id: 'a', text: 'Hello' }]);
    const gone = keepUnchanged(first.shown, []);
    const back = keepUnchanged(gone.shown, [{ id: 'a', text: 'Hello' }]);
    expect(back.rows[0]).not.toBe(first.rows[0]);
    expect([...gone.shown.keys()]).toEqual([]);
  });
});
