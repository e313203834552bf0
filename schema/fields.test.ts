import { describe, expect, it } from 'vitest';
import { id } from './fields.ts';
import { messages } from './messages.ts';

describe('id', () => {
  it('takes a UUID as crypto.randomUUID() makes it', () => {
    const made = crypto.randomUUID();
    expect(id.parse(made)).toBe(made);
  });

  it('refuses the upper-case spelling of a valid UUID with the usual message', () => {
    const result = id.safeParse(crypto.randomUUID().toUpperCase());
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.invalidId]);
  });
});
