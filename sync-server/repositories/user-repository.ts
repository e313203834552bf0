import type { User } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { createFamilyRepository } from './family-repository.ts';
import { uniqueViolation } from './postgres-errors.ts';

export type UserRow = {
  id: string;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  created_at: Date;
  updated_at: Date;
};

export type UserWithPassword = { user: User; passwordHash: string | null };

export type NewUser = {
  username: string;
  email: string;
  passwordHash: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

export type UserChanges = {
  username?: string;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
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

export function createUserRepository(sql: Sql) {
  return {
    /** Creates the user and their settings row (all defaults) in one statement. */
    async create(newUser: NewUser): Promise<User> {
      const [row] = await rethrowDuplicate(sql<UserRow[]>`
        with created as (
          insert into users (username, email, password_hash, first_name, last_name)
          values (
            ${newUser.username}, ${newUser.email}, ${newUser.passwordHash},
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

    async findByEmail(email: string): Promise<UserWithPassword | null> {
      const [row] = await sql<(UserRow & { password_hash: string | null })[]>`
        select * from users where email = ${email}
      `;
      return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
    },

    async findPasswordHash(id: string): Promise<string | null> {
      const [row] = await sql<{ password_hash: string | null }[]>`select password_hash from users where id = ${id}`;
      return row?.password_hash ?? null;
    },

    /**
     * A change other members see (name, username) moves every family of the user on, so their devices pull the
     * user again; `familyChanges` are to be published once this has committed.
     */
    async update(id: string, changes: UserChanges): Promise<{ user: User; familyChanges: FamilyChange[] } | null> {
      const columns = {
        ...(changes.username !== undefined && { username: changes.username }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.firstName !== undefined && { first_name: changes.firstName }),
        ...(changes.lastName !== undefined && { last_name: changes.lastName }),
      };
      const seenByMembers = 'username' in columns || 'first_name' in columns || 'last_name' in columns;
      const updated = await rethrowDuplicate(
        sql.begin(async (tx) => {
          // Families before the user row: a family write locks its family first and the author's row (a foreign
          // key check) after, so taking them in the same order cannot deadlock with it.
          const familyChanges = seenByMembers ? await createFamilyRepository(tx).restampMemberships(id) : [];
          const [row] =
            Object.keys(columns).length === 0
              ? await tx<UserRow[]>`update users set updated_at = now() where id = ${id} returning *`
              : await tx<UserRow[]>`update users set ${tx(columns)}, updated_at = now() where id = ${id} returning *`;
          return row ? { user: toUser(row), familyChanges } : null;
        }),
      );
      return updated;
    },

    /** A new password signs out every other device: both happen together or not at all. */
    async replacePassword(id: string, passwordHash: string, keepSessionTokenHash: Buffer): Promise<void> {
      await sql.begin(async (tx) => {
        await tx`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${id}`;
        await tx`delete from sessions where user_id = ${id} and token_hash <> ${keepSessionTokenHash}`;
      });
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
