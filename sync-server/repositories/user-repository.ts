import type { User } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { uniqueViolation } from './postgres-errors.ts';

export type UserRow = {
  id: string;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  birthday: string | null;
  created_at: Date;
  updated_at: Date;
};

export type UserWithPassword = { user: User; passwordHash: string | null };

export type NewUser = {
  /** Chosen beforehand when a passkey names the account before it exists (decision 0055); else the database's. */
  id?: string;
  username: string;
  email: string;
  passwordHash: string | null;
  /** The Google account it is made from, if so. */
  googleSub?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

export type UserChanges = {
  username?: string;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  birthday?: string | null;
};

/** Which unique rule a write broke: the email or the (case-insensitive) username. */
export class DuplicateUserError extends Error {
  override name = 'DuplicateUserError';
  readonly field: 'email' | 'username';

  constructor(field: 'email' | 'username') {
    super(`duplicate ${field}`);
    this.field = field;
  }
}

const duplicateFields: Record<string, 'email' | 'username'> = {
  users_email_key: 'email',
  users_username_lower_key: 'username',
};

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    birthday: row.birthday,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The unique indexes decide duplicates, so two signups racing for one email cannot both win. */
async function rethrowDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = uniqueViolation(error);
    const field = constraint ? duplicateFields[constraint] : undefined;
    if (field) throw new DuplicateUserError(field);
    throw error;
  }
}

export function createUserRepository(sql: Queryable) {
  return {
    /** Creates the user and their settings row (all defaults) in one statement. */
    async create(newUser: NewUser): Promise<User> {
      const [row] = await rethrowDuplicate(sql<UserRow[]>`
        with created as (
          insert into users (id, username, email, password_hash, google_sub, first_name, last_name)
          values (
            coalesce(${newUser.id ?? null}::uuid, gen_random_uuid()), ${newUser.username}, ${newUser.email}, ${newUser.passwordHash}, ${newUser.googleSub ?? null},
            ${newUser.firstName ?? null}, ${newUser.lastName ?? null}
          )
          returning *
        ), settings as (
          insert into user_settings (user_id) select id from created
        )
        select * from created
      `);
      if (!row) throw new Error('insert into users returned no row');
      return toUser(row);
    },

    /** Takes back an account made a moment ago that could not get its passkey: it would have no way in. */
    async deleteUnfinished(id: string): Promise<void> {
      await sql`delete from users where id = ${id} and password_hash is null and google_sub is null`;
    },

    async findByEmail(email: string): Promise<UserWithPassword | null> {
      const [row] = await sql<(UserRow & { password_hash: string | null })[]>`
        select * from users where email = ${email}
      `;
      return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
    },

    async findById(id: string): Promise<User | null> {
      const [row] = await sql<UserRow[]>`select * from users where id = ${id}`;
      return row ? toUser(row) : null;
    },

    async findPasswordHash(id: string): Promise<string | null> {
      const [row] = await sql<{ password_hash: string | null }[]>`select password_hash from users where id = ${id}`;
      return row?.password_hash ?? null;
    },

    async update(id: string, changes: UserChanges): Promise<User | null> {
      const columns = {
        ...(changes.username !== undefined && { username: changes.username }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.firstName !== undefined && { first_name: changes.firstName }),
        ...(changes.lastName !== undefined && { last_name: changes.lastName }),
        ...(changes.birthday !== undefined && { birthday: changes.birthday }),
      };
      const [row] = await rethrowDuplicate(
        Object.keys(columns).length === 0
          ? sql<UserRow[]>`update users set updated_at = now() where id = ${id} returning *`
          : sql<UserRow[]>`update users set ${sql(columns)}, updated_at = now() where id = ${id} returning *`,
      );
      return row ? toUser(row) : null;
    },

    async findByGoogleSub(sub: string): Promise<User | null> {
      const [row] = await sql<UserRow[]>`select * from users where google_sub = ${sub}`;
      return row ? toUser(row) : null;
    },

    /** How the person can sign in. */
    async signInMethods(
      id: string,
    ): Promise<{ password: boolean; google: boolean; googleUnlinked: boolean; passkeys: boolean }> {
      const [row] = await sql<{ password: boolean; google: boolean; google_unlinked: boolean; passkeys: boolean }[]>`
        select password_hash is not null as password, google_sub is not null as google, google_unlinked,
          exists (select 1 from passkeys p where p.user_id = users.id) as passkeys
        from users where id = ${id}
      `;
      return {
        password: row?.password ?? false,
        google: row?.google ?? false,
        googleUnlinked: row?.google_unlinked ?? false,
        passkeys: row?.passkeys ?? false,
      };
    },

    /** Links a Google account (`sub`) to the account. */
    async linkGoogle(id: string, sub: string): Promise<void> {
      await sql`update users set google_sub = ${sub}, google_unlinked = false, updated_at = now() where id = ${id}`;
    },

    /** Unlinks Google from an account that has a password; false when it has none (it would be locked out). */
    async unlinkGoogle(id: string): Promise<boolean> {
      const rows = await sql`
        update users set google_sub = null, google_unlinked = true, updated_at = now()
        where id = ${id} and password_hash is not null
      `;
      return rows.count === 1;
    },

    /** Gives an account without a password one; false when it has one already (changing it needs the old one). */
    async setFirstPassword(id: string, passwordHash: string): Promise<boolean> {
      const rows = await sql`
        update users set password_hash = ${passwordHash}, updated_at = now() where id = ${id} and password_hash is null
      `;
      return rows.count === 1;
    },

    /** A password set with a one-time link (decision 0044): every session of the person ends with it. */
    async resetPassword(id: string, passwordHash: string): Promise<User | null> {
      const [row] = await sql<UserRow[]>`
        with ended as (delete from sessions where user_id = ${id})
        update users set password_hash = ${passwordHash}, updated_at = now() where id = ${id} returning *
      `;
      return row ? toUser(row) : null;
    },

    /** A new password signs out every other device: both happen together or not at all. */
    async replacePassword(id: string, passwordHash: string, keepSessionTokenHash: Buffer): Promise<void> {
      // One statement, so one commit: the update runs to completion although nothing reads what it returns.
      await sql`
        with changed as (update users set password_hash = ${passwordHash}, updated_at = now() where id = ${id})
        delete from sessions where user_id = ${id} and token_hash <> ${keepSessionTokenHash}
      `;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
