/**
 * Setting a benchmark up through the real API, as people and their devices do: an account, then a device that
 * pushes its queue in batches of `pushBatchMax`, every mutation applied. Over `fetch`: setting up is not what a
 * benchmark measures.
 */
import { randomUUID } from 'node:crypto';
import {
  pushBatchMax,
  syncProtocolVersion,
  type FamilyCursor,
  type PullResponse,
  type PushedMutation,
} from '../../schema/index.ts';
import { writeThroughMutators } from './write-through-mutators.ts';

/** A mutation as the device queues it; the device numbers and dates it when it sends it. */
export type QueuedMutation = Omit<PushedMutation, 'seq' | 'writtenAt'>;

export function benchApi(baseUrl: string) {
  function post(path: string, cookie: string | undefined, body: unknown): Promise<Response> {
    return fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  return {
    /** A new account named after `label`, signed in: its id, its session cookie and what signs it in again. */
    async signUp(label: string): Promise<{ userId: string; cookie: string; email: string; password: string }> {
      const name = `${label}${randomUUID().slice(0, 8)}`;
      const password = 'bench-password-1';
      const response = await post('/api/auth/signup', undefined, {
        username: name,
        email: `${name}@example.test`,
        password,
        confirmPassword: password,
      });
      if (response.status !== 201) throw new Error(`Signup failed: ${response.status} ${await response.text()}`);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const { user } = (await response.json()) as { user: { id: string } };
      return { userId: user.id, cookie, email: `${name}@example.test`, password };
    },

    /** `joiner` joins `owner`'s family through an invitation link, as a person does. */
    async join(owner: { cookie: string }, joiner: { cookie: string }, familyId: string): Promise<void> {
      const invited = await post(`/api/families/${familyId}/invitations`, owner.cookie, {});
      if (invited.status !== 201) throw new Error(`Inviting failed: ${invited.status} ${await invited.text()}`);
      const { token } = (await invited.json()) as { token: string };
      const joined = await post('/api/invitations/accept', joiner.cookie, { token, relationshipType: 'child' });
      if (joined.status !== 201) throw new Error(`Joining failed: ${joined.status} ${await joined.text()}`);
    },

    /** A new device of the signed-in person, numbering its mutations on from one push to the next. */
    device({ userId, cookie }: { userId: string; cookie: string }) {
      const deviceId = randomUUID();
      let seq = 0;
      let epoch: string | null = null;
      return {
        /** Pushes every mutation; each must be applied, but for up to `refused` refusals. */
        async push(mutations: QueuedMutation[], { refused = 0 } = {}): Promise<void> {
          let refusals = 0;
          for (let start = 0; start < mutations.length; start += pushBatchMax) {
            const now = new Date().toISOString();
            const batch = mutations
              .slice(start, start + pushBatchMax)
              .map((mutation) => ({ ...mutation, seq: ++seq, writtenAt: now }));
            const send = () =>
              post('/api/sync/push', cookie, {
                protocolVersion: syncProtocolVersion,
                deviceId,
                userId,
                epoch,
                acknowledgedSeq: batch[0]!.seq - 1,
                sentAt: now,
                mutations: batch,
              });
            let response = await send();
            // A device that never pulled does not know the server's epoch (decision 0053): the refusal names it.
            if (response.status === 409 && epoch === null) {
              epoch = ((await response.json()) as { epoch: string }).epoch;
              response = await send();
            }
            const answer = (await response.json()) as { results: { status: string }[] };
            refusals += answer.results.filter((result) => result.status === 'rejected').length;
            const handled = answer.results.every(
              (result) => result.status === 'applied' || result.status === 'rejected',
            );
            if (response.status !== 200 || answer.results.length !== batch.length || !handled || refusals > refused) {
              throw new Error(`Push failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
            }
          }
        },

        /**
         * Pulls from nothing, page after page, as a new device's first sync does: the ids of the rows it is sent,
         * per table (the users sent along as `users`).
         */
        async pullFromStart(): Promise<Map<string, Set<string>>> {
          const ids = new Map<string, Set<string>>();
          const idsOf = (table: string) => ids.get(table) ?? ids.set(table, new Set()).get(table)!;
          let cursors: FamilyCursor[] = [];
          let epoch: string | null = null;
          for (let more = true; more;) {
            const response = await post('/api/sync/pull', cookie, {
              protocolVersion: syncProtocolVersion,
              deviceId,
              userId,
              epoch,
              // A device that never pushed has nothing of its own to acknowledge.
              acknowledgedSeq: 0,
              cursors,
            });
            if (response.status !== 200) throw new Error(`Pull failed: ${response.status} ${await response.text()}`);
            const page = (await response.json()) as PullResponse;
            for (const family of page.families) {
              if (family.status !== 'changes') continue;
              for (const change of family.changes) {
                if (change.op === 'put') idsOf(change.table).add(change.row.id);
                else idsOf(change.table).delete(change.id);
              }
              cursors = [...cursors.filter((cursor) => cursor.familyId !== family.familyId), family.cursor];
            }
            for (const user of page.users) idsOf('users').add(user.id);
            epoch = page.epoch;
            more = page.more;
          }
          return ids;
        },

        /** What signing out there does: the server lets go of the device. */
        async forget(): Promise<void> {
          const response = await post('/api/sync/forget-device', cookie, { deviceId });
          if (response.status !== 204) throw new Error(`Forgetting the device failed: ${response.status}`);
        },
      };
    },
  };
}

/**
 * A family whose feed is worth reading: `posts` posts, each with two comments and a like, and as many `events` (a
 * day apart, from tomorrow) and chat `messages` as asked, written by one person: through the push API, or through
 * the server's mutators when `databaseUrl` is given (write-through-mutators.ts: the same rows, without a push's
 * round trip and commit for each). Answers the family's id.
 */
export async function familyWithFeed(
  api: ReturnType<typeof benchApi>,
  account: { userId: string; cookie: string },
  posts: number,
  { events = 0, messages = 0, databaseUrl }: { events?: number; messages?: number; databaseUrl?: string } = {},
): Promise<string> {
  const familyId = randomUUID();
  const mutations: QueuedMutation[] = [
    { name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'The Benchmarks' } },
  ];
  for (let index = 0; index < posts; index += 1) {
    const postId = randomUUID();
    mutations.push(
      { name: 'post.create', args: { postId, familyId, content: `Post ${index}: news from home` } },
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Lovely!' } },
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'See you Sunday' } },
      { name: 'reaction.set', args: { postId, reactionType: 'like', reacted: true } },
    );
  }
  for (let index = 0; index < events; index += 1) {
    const startDate = new Date(Date.now() + (index + 1) * 24 * 60 * 60 * 1000).toISOString();
    mutations.push({
      name: 'event.create',
      args: {
        eventId: randomUUID(),
        familyId,
        title: `Gathering ${index}`,
        description: 'Bring a dish to share',
        location: "Grandma's house",
        startDate,
        endDate: null,
        timeZone: 'Europe/London',
        allDay: false,
      },
    });
  }
  for (let index = 0; index < messages; index += 1) {
    mutations.push({
      name: 'message.send',
      args: { messageId: randomUUID(), familyId, messageType: 'text', content: `Message ${index}: how is everyone?` },
    });
  }
  if (databaseUrl) await writeThroughMutators(databaseUrl, account.userId, mutations);
  else await api.device(account).push(mutations);
  return familyId;
}
