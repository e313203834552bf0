// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openHearthDb, type HearthDb } from '../../db/hearth-db.ts';
import { writeLocally } from '../../sync/write.ts';
import { testUser } from './testing/test-user.ts';

const person = testUser('ada');
const leaveDevice = vi.fn(async () => {});
const endServerSession = vi.fn(async () => {});

vi.mock('./auth-store.ts', () => ({ currentSignedInUser: () => person, forgetSignedInUser: vi.fn() }));
vi.mock('./server-session.ts', () => ({ endServerSession, forgetDeviceOnServer: vi.fn(async () => {}) }));
vi.mock('../device-session/device-session.ts', () => ({ leaveDevice }));

const { signOut } = await import('./sign-out.ts');

let db: HearthDb;
const familyId = crypto.randomUUID();

function write(content: string) {
  return writeLocally(db, { signedInUser: person }, 'post.create', { postId: crypto.randomUUID(), familyId, content });
}

beforeEach(async () => {
  db = openHearthDb(person.id);
  await writeLocally(db, { signedInUser: person }, 'family.create', {
    familyId,
    memberId: crypto.randomUUID(),
    name: 'The Lovelaces',
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  leaveDevice.mockClear();
  await db.delete();
});

describe('Sign Out', () => {
  it('asks again when another tab wrote something while the question was open, and keeps it all on a no', async () => {
    await write('Written before Sign Out');
    const questions: string[] = [];
    let answered = 0;
    vi.stubGlobal('window', {
      confirm: (question: string) => {
        questions.push(question);
        answered += 1;
        return answered === 1;
      },
      location: { assign: vi.fn() },
    });
    // The other tab writes between the question and the seal: the count taken when asking no longer holds.
    const countBefore = vi.spyOn(await import('../../db/hearth-db.ts'), 'countUnsentWrites');
    countBefore.mockImplementationOnce(async () => {
      const counted = 2;
      await write('Written in another tab while Sign Out was asking');
      return counted;
    });

    await signOut();

    expect(questions).toHaveLength(2);
    expect(questions[0]).toContain('2 changes have not reached your family');
    expect(questions[1]).toContain('3 changes have not reached your family');
    expect(leaveDevice).not.toHaveBeenCalled();
    // Unsealed: the person keeps writing.
    await expect(write('And one more')).resolves.toBe(4);
    countBefore.mockRestore();
  });

  it('signs out once the person agrees to lose what is unsent, and no tab can write after that', async () => {
    await write('Written before Sign Out');
    vi.stubGlobal('window', { confirm: () => true, location: { assign: vi.fn() } });
    await signOut();
    expect(leaveDevice).toHaveBeenCalledWith(person.id);
    await expect(write('Too late')).rejects.toThrow('You signed out of Hearth on this device');
  });
});
