import type { Queryable } from '../database.ts';

export type PasskeyPurpose = 'register' | 'sign-in' | 'sign-up' | 'confirm';

/** The account a `sign-up` challenge makes once answered (decision 0055): chosen when the challenge is given. */
export type NewPasskeyAccount = { userId: string; email: string };

export type StoredPasskey = {
  id: string;
  userId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
};

type PasskeyRow = {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
};

/** A person's passkeys and the challenges handed out for them (decision 0051). */
export function createPasskeyRepository(sql: Queryable) {
  return {
    /** Replaces whatever the same asker was given before: one open challenge per session or browser. */
    async saveChallenge(
      askerHash: Buffer,
      purpose: PasskeyPurpose,
      challenge: string,
      expiresAt: Date,
      newAccount?: NewPasskeyAccount,
    ) {
      await sql`
        insert into passkey_challenges (asker_hash, purpose, challenge, expires_at, new_user_id, new_email)
        values (
          ${askerHash}, ${purpose}, ${challenge}, ${expiresAt}, ${newAccount?.userId ?? null}, ${newAccount?.email ?? null}
        )
        on conflict (asker_hash) do update
          set purpose = excluded.purpose, challenge = excluded.challenge, expires_at = excluded.expires_at,
            new_user_id = excluded.new_user_id, new_email = excluded.new_email
      `;
    },

    /**
     * The challenge, used up: null when none was given, it has expired, or it was for something else. A `sign-up`
     * challenge comes with the account it makes.
     */
    async takeChallenge(
      askerHash: Buffer,
      purpose: PasskeyPurpose,
      now: Date,
    ): Promise<{ challenge: string; newAccount: NewPasskeyAccount | null } | null> {
      const [row] = await sql<
        { challenge: string; live: boolean; new_user_id: string | null; new_email: string | null }[]
      >`
        delete from passkey_challenges where asker_hash = ${askerHash}
        returning challenge, new_user_id, new_email, purpose = ${purpose} and expires_at > ${now} as live
      `;
      if (!row?.live) return null;
      const newAccount = row.new_user_id && row.new_email ? { userId: row.new_user_id, email: row.new_email } : null;
      return { challenge: row.challenge, newAccount };
    },

    async add(passkey: Omit<StoredPasskey, 'counter'> & { counter: number; name: string }): Promise<void> {
      await sql`
        insert into passkeys (id, user_id, public_key, counter, transports, name)
        values (
          ${passkey.id}, ${passkey.userId}, ${Buffer.from(passkey.publicKey)}, ${passkey.counter},
          ${passkey.transports}, ${passkey.name}
        )
      `;
    },

    async find(id: string): Promise<StoredPasskey | null> {
      const [row] = await sql<PasskeyRow[]>`select * from passkeys where id = ${id}`;
      if (!row) return null;
      return {
        id: row.id,
        userId: row.user_id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: row.transports,
      };
    },

    /** Records a use; false when another use moved the counter past `counter` meanwhile (a replay or a clone). */
    async recordUse(id: string, previousCounter: number, counter: number): Promise<boolean> {
      const rows = await sql`
        update passkeys set counter = ${counter}, last_used_at = now()
        where id = ${id} and counter = ${previousCounter}
      `;
      return rows.count === 1;
    },

    async listOf(userId: string) {
      const rows = await sql<PasskeyRow[]>`
        select * from passkeys where user_id = ${userId} order by coalesce(last_used_at, created_at) desc
      `;
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at?.toISOString() ?? null,
      }));
    },

    async idsOf(userId: string): Promise<{ id: string; transports: string[] }[]> {
      return sql<{ id: string; transports: string[] }[]>`select id, transports from passkeys where user_id = ${userId}`;
    },

    /**
     * Removes one of the person's passkeys unless it is their last way in (no password, no Google, no other
     * passkey). Answers what happened.
     */
    async remove(userId: string, id: string): Promise<'removed' | 'not-found' | 'last-way-in'> {
      const [row] = await sql<{ removed: boolean; found: boolean }[]>`
        -- The person's passkeys, locked: two removals at once take turns, and the second counts only what the first
        -- left (a row deleted while waiting for its lock is not returned).
        with mine as (select id from passkeys where user_id = ${userId} for update),
        allowed as (
          select 1 from users u where u.id = ${userId} and (
            u.password_hash is not null or u.google_sub is not null or (select count(*) from mine) > 1
          )
        ),
        gone as (
          delete from passkeys
          where id = ${id} and id in (select id from mine) and exists (select 1 from allowed)
          returning id
        )
        select exists (select 1 from gone) as removed, exists (select 1 from mine where id = ${id}) as found
      `;
      if (row?.removed) return 'removed';
      return row?.found ? 'last-way-in' : 'not-found';
    },
  };
}
