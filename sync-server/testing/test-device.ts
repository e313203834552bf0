import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  historyChangedSchema,
  pullResponseSchema,
  pushResponseSchema,
  syncProtocolVersion,
  type Change,
  type FamilyCursor,
  type FamilyRole,
  type MutationArgs,
  type MutationName,
  type PullResponse,
  type PushedMutation,
  type PushResponse,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { signUp, type TestAccount } from './test-app.ts';

export type NamedMutation = { [N in MutationName]: { name: N; args: MutationArgs<N> } }[MutationName];

type StoredRow = Extract<Change, { op: 'put' }>['row'];

/**
 * A device as the server sees one: an id, a seq counter, per-family cursors, and a copy of the rows built only from
 * pulls, the way the real device's rebase applies them (a deleted post takes its comments and reactions along).
 */
export class TestDevice {
  readonly id: string;
  private seq = 0;
  readonly cursors = new Map<string, FamilyCursor>();
  /** `table/id` → row. */
  readonly rows = new Map<string, StoredRow>();
  /** The people its rows name, as pulls last sent them. */
  readonly users = new Map<string, PullResponse['users'][number]>();
  /** The server history this device last heard of, as a real device keeps it. */
  epoch: string | null = null;
  /** The highest seq the server has answered this device, as a real device tells it (`acknowledgedSeq`). */
  acknowledgedSeq = 0;
  /** The time zone it says it is in, as a browser does; none when unset. */
  timeZone: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly account: TestAccount,
    id: string = randomUUID(),
  ) {
    this.id = id;
  }

  /** The next seqs for these mutations, written now, without sending them. */
  queue(...mutations: NamedMutation[]): PushedMutation[] {
    const writtenAt = new Date().toISOString();
    return mutations.map((mutation) => ({ seq: ++this.seq, name: mutation.name, args: mutation.args, writtenAt }));
  }

  /** What every push and pull of this device says about it. */
  private deviceFields() {
    return {
      protocolVersion: syncProtocolVersion,
      deviceId: this.id,
      userId: this.account.user.id,
      epoch: this.epoch,
      acknowledgedSeq: this.acknowledgedSeq,
      ...(this.timeZone ? { timeZone: this.timeZone } : {}),
    };
  }

  /**
   * Sends the mutations as they are, valid or not. A device that has heard no epoch learns it from the 409 its
   * push is answered with and sends again naming it, as the sync engine does.
   */
  async postPush(mutations: unknown[], overrides: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
    const send = () =>
      this.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie: this.account.cookie },
        payload: { ...this.deviceFields(), sentAt: new Date().toISOString(), mutations, ...overrides },
      });
    const response = await send();
    if (response.statusCode !== 409 || this.epoch !== null || 'epoch' in overrides) return response;
    this.epoch = historyChangedSchema.parse(response.json()).epoch;
    return send();
  }

  /** Queues and pushes; expects a 200 with a valid answer. */
  async send(...mutations: NamedMutation[]): Promise<PushResponse> {
    return this.pushQueued(this.queue(...mutations));
  }

  async pushQueued(mutations: PushedMutation[]): Promise<PushResponse> {
    const response = await this.postPush(mutations);
    if (response.statusCode !== 200) throw new Error(`push answered ${response.statusCode}: ${response.body}`);
    const answer = pushResponseSchema.parse(response.json());
    this.epoch = answer.epoch;
    this.acknowledgedSeq = Math.max(this.acknowledgedSeq, ...answer.results.map((result) => result.seq));
    return answer;
  }

  postPull(cursors: FamilyCursor[] = [...this.cursors.values()]): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: { cookie: this.account.cookie },
      payload: { ...this.deviceFields(), cursors },
    });
  }

  /** One pull with the stored cursors, applied to the copy. */
  async pull(): Promise<PullResponse> {
    const response = await this.postPull();
    if (response.statusCode !== 200) throw new Error(`pull answered ${response.statusCode}: ${response.body}`);
    const answer = pullResponseSchema.parse(response.json());
    this.apply(answer);
    return answer;
  }

  /** Pulls until nothing more is waiting; answers how many pulls it took. */
  async pullAll(): Promise<number> {
    for (let pulls = 1; pulls < 1000; pulls += 1) {
      if (!(await this.pull()).more) return pulls;
    }
    throw new Error('pulling never finished');
  }

  apply(answer: PullResponse): void {
    this.epoch = answer.epoch;
    for (const family of answer.families) {
      if (family.status === 'drop') {
        this.cursors.delete(family.familyId);
        this.forgetRowsOf(family.familyId);
        continue;
      }
      if (family.reset) this.forgetRowsOf(family.familyId);
      for (const change of family.changes) this.applyChange(change);
      this.cursors.set(family.familyId, family.cursor);
    }
    for (const user of answer.users) this.users.set(user.id, user);
  }

  private forgetRowsOf(familyId: string): void {
    this.rows.delete(`families/${familyId}`);
    for (const [key, row] of this.rows) if ('familyId' in row && row.familyId === familyId) this.rows.delete(key);
  }

  private applyChange(change: Change): void {
    if (change.op === 'put') {
      this.rows.set(`${change.table}/${change.row.id}`, change.row);
      return;
    }
    this.rows.delete(`${change.table}/${change.id}`);
    if (change.table !== 'posts') return;
    for (const [key, row] of this.rows) {
      if (
        (key.startsWith('comments/') || key.startsWith('reactions/')) &&
        'postId' in row &&
        row.postId === change.id
      ) {
        this.rows.delete(key);
      }
    }
  }

  /** The ids in the copy of one table, sorted. */
  ids(table: string): string[] {
    return [...this.rows.keys()]
      .filter((key) => key.startsWith(`${table}/`))
      .map((key) => key.slice(table.length + 1))
      .sort();
  }
}

/** Someone who signs up, with a device of theirs that has not synced yet. */
export type Person = { account: TestAccount; device: TestDevice };

export async function signUpPerson(app: FastifyInstance): Promise<Person> {
  const account = await signUp(app);
  return { account, device: new TestDevice(app, account) };
}

/** A new family made with a pushed `family.create`; answers its id and the creator's membership id. */
export async function createFamily(device: TestDevice, name = 'The Smiths') {
  const familyId = randomUUID();
  const memberId = randomUUID();
  const answer = await device.send({ name: 'family.create', args: { familyId, memberId, name } });
  if (answer.results[0]?.status !== 'applied') throw new Error(`family.create: ${JSON.stringify(answer)}`);
  return { familyId, memberId };
}

/**
 * Adds a user to a family the way a join does (actions/join-family.ts), without an invitation and in any role: under
 * the family's lock, at a new version. Answers the membership id and the change to publish.
 */
export async function addMember(
  sql: Sql,
  familyId: string,
  userId: string,
  role: FamilyRole = 'member',
): Promise<{ memberId: string; change: FamilyChange }> {
  const memberId = randomUUID();
  const change = await sql.begin(async (tx) => {
    const families = createFamilyRepository(tx);
    const version = await families.bumpVersion(familyId);
    if (version === null) throw new Error(`no family ${familyId}`);
    await families.addMember({
      id: memberId,
      familyId,
      userId,
      role,
      relationshipType: 'other',
      // As if by the creator's invitation.
      relativeToId: (await families.find(familyId))?.createdById ?? null,
      version,
      now: new Date(),
    });
    return { familyId, version, membershipChanged: [userId] };
  });
  return { memberId, change };
}

/** The family's current version, read from the database. */
export async function familyVersion(sql: Sql, familyId: string): Promise<number> {
  const [row] = await sql<{ version: string }[]>`select version from families where id = ${familyId}`;
  if (!row) throw new Error(`no family ${familyId}`);
  return Number(row.version);
}
