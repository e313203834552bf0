import { describe, expect, it } from 'vitest';
import { failureKindOfStatus, parsePoke } from './transport.ts';

describe('parsePoke', () => {
  it('reads a family id and a version', () => {
    expect(parsePoke('{"familyId":"f","version":3,"extra":true}')).toEqual({ familyId: 'f', version: 3 });
  });

  it.each([
    '',
    'null',
    '[]',
    '{"familyId":"f"}',
    '{"familyId":"f","version":-1}',
    '{"familyId":"f","version":1.5}',
    '{"familyId":2,"version":1}',
  ])('ignores %j', (data) => {
    expect(parsePoke(data)).toBeNull();
  });
});

describe('failureKindOfStatus', () => {
  it('tells what the engine should do with each answer', () => {
    expect([401, 426, 429, 500, 503, 400, 403, 404].map(failureKindOfStatus)).toEqual([
      'signed-out',
      'update-required',
      'server',
      'server',
      'server',
      'refused',
      'wrong-account',
      'refused',
    ]);
  });
});
