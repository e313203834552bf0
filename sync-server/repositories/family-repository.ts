import type postgres from 'postgres';
import type { Family, FamilyMember, FamilyRole, PublicUser, RelationshipType } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import type { PullSource } from './pull-source.ts';
import { publicUserJson } from './public-user-json.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { isoTime } from './iso-time.ts';
import { type InFamily } from './synced-storage.ts';

export type NewFamily = {
  id: string;
  name: string;
  description: string | null;
  createdById: string;
  now: Date;
};

export type NewMember = {
  id: string;
  familyId: string;
  userId: string;
  role: FamilyRole;
  relationshipType: RelationshipType | null;
  /** Whom the relationship is to: the invitation's maker, null for the creator (decision 0062). */
  relativeToId: string | null;
  version: number;
  now: Date;
};

/** What permission checks, and writes that may change nothing, need to know about a membership. */
export type MemberRef = {
  id: string;
  familyId: string;
  userId: string;
  role: FamilyRole;
  relationshipType: RelationshipType | null;
  relativeToId: string | null;
};

type FamilyRow = {
  id: string;
  name: string;
  description: string | null;
  created_by_id: string | null;
  created_at: Date;
};

type MemberRefRow = {
  id: string;
  family_id: string;
  user_id: string;
  role: FamilyRole;
  relationship_type: RelationshipType | null;
  relative_to_id: string | null;
};

type MemberRow = MemberRefRow & { joined_at: Date; user: PublicUser };

function toFamily(row: FamilyRow): Family {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdById: row.created_by_id,
    createdAt: row.created_at.toISOString(),
  };
}

function toMemberRef(row: MemberRefRow): MemberRef {
  return {
    id: row.id,
    familyId: row.family_id,
    userId: row.user_id,
    role: row.role,
    relationshipType: row.relationship_type,
    relativeToId: row.relative_to_id,
  };
}

function toFamilyMember(row: MemberRow): FamilyMember {
  return { ...toMemberRef(row), joinedAt: row.joined_at.toISOString(), user: row.user };
}

/** The family's own row, sent again only when its fields change (`row_version`, not the family's `version`). */
export const familyPullSource: PullSource = (sql, familyId, from) => sql`
  select f.row_version as version, f.id::text as id,
    jsonb_build_object(
      'id', f.id, 'name', f.name, 'description', f.description, 'createdById', f.created_by_id,
      'createdAt', ${isoTime(sql, sql`f.created_at`)}, 'updatedAt', ${isoTime(sql, sql`f.updated_at`)}
    ) as row
  from families f where f.id = ${familyId} and f.row_version >= ${from}
`;

/** A member's fields (`SyncedMember`) as pairs for PostgreSQL's JSON builders, from the members aliased `m`. */
const memberFields = (sql: Queryable) => sql`
  'id', m.id, 'familyId', m.family_id, 'userId', m.user_id, 'role', m.role,
  'relationshipType', m.relationship_type, 'relativeToId', m.relative_to_id,
  'joinedAt', ${isoTime(sql, sql`m.joined_at`)}
`;

export const memberPullSource: PullSource = (sql, familyId, from) => sql`
  select m.version, m.id::text as id, jsonb_build_object(${memberFields(sql)}) as row
  from family_members m where m.family_id = ${familyId} and m.version >= ${from}
`;

/** A new family starts at version 1: creating it is its first change. */
export const firstFamilyVersion = 1;

export function createFamilyRepository(sql: Queryable) {
  /**
   * Takes the family's row lock, held until commit, and answers the new version; null when there is no such family.
   * Every write of a family holds this lock before it writes (taken here, or earlier by `lock`), so within a family
   * versions commit in order.
   */
  async function bumpVersion(familyId: string): Promise<number | null> {
    const [row] = await sql<{ version: string }[]>`
      update families set version = version + 1 where id = ${familyId} returning version
    `;
    return row ? Number(row.version) : null;
  }

  /** In id order: the order every multi-family write locks families in, so two of them never deadlock. */
  async function familyIdsOf(userId: string): Promise<string[]> {
    const rows = await sql<{ family_id: string }[]>`
      select family_id from family_members where user_id = ${userId} order by family_id
    `;
    return rows.map((row) => row.family_id);
  }

  /** Members with what the others see of them, in the order they joined. */
  async function membersWhere(condition: postgres.Fragment): Promise<FamilyMember[]> {
    const rows = await sql<MemberRow[]>`
      select m.id, m.family_id, m.user_id, m.role, m.relationship_type, m.relative_to_id, m.joined_at,
        ${publicUserJson(sql, 'u')} as user
      from family_members m join users u on u.id = m.user_id
      where ${condition}
      order by m.joined_at, m.id
    `;
    return rows.map(toFamilyMember);
  }

  return {
    bumpVersion,

    /**
     * Takes the same row lock as `bumpVersion` without moving the family on: a write that may turn out to change
     * nothing (a replay) locks first and bumps only when it writes. False when there is no such family.
     */
    async lock(familyId: string): Promise<boolean> {
      const rows = await sql`select 1 from families where id = ${familyId} for no key update`;
      return rows.length === 1;
    },

    async roleOf(familyId: string, userId: string): Promise<FamilyRole | null> {
      const [row] = await sql<{ role: FamilyRole }[]>`
        select role from family_members where family_id = ${familyId} and user_id = ${userId}
      `;
      return row?.role ?? null;
    },

    async membershipOf(familyId: string, userId: string): Promise<{ role: FamilyRole; joinedAt: Date } | null> {
      const [row] = await sql<{ role: FamilyRole; joined_at: Date }[]>`
        select role, joined_at from family_members where family_id = ${familyId} and user_id = ${userId}
      `;
      return row ? { role: row.role, joinedAt: row.joined_at } : null;
    },

    /** False when the id is taken already (a replay, or someone else's family). */
    async create(family: NewFamily): Promise<boolean> {
      const rows = await sql`
        insert into families (id, name, description, created_by_id, version, row_version, created_at, updated_at)
        values (
          ${family.id}, ${family.name}, ${family.description}, ${family.createdById},
          ${firstFamilyVersion}, ${firstFamilyVersion}, ${family.now}, ${family.now}
        )
        on conflict (id) do nothing
        returning id
      `;
      return rows.length === 1;
    },

    async find(familyId: string): Promise<Family | null> {
      const [row] = await sql<FamilyRow[]>`
        select id, name, description, created_by_id, created_at from families where id = ${familyId}
      `;
      return row ? toFamily(row) : null;
    },

    /** The families the user belongs to, oldest first. */
    async familiesOf(userId: string): Promise<Family[]> {
      const rows = await sql<FamilyRow[]>`
        select f.id, f.name, f.description, f.created_by_id, f.created_at
        from families f join family_members m on m.family_id = f.id
        where m.user_id = ${userId}
        order by f.created_at, f.id
      `;
      return rows.map(toFamily);
    },

    /** Stamps the family's own row with the version, so pulls send it again. */
    async rename(familyId: string, name: string, version: number, now: Date): Promise<void> {
      await sql`
        update families set name = ${name}, row_version = ${version}, updated_at = ${now} where id = ${familyId}
      `;
    },

    /** False when the member id is taken already. Putting the row again clears a tombstone of the same id. */
    addMember(member: NewMember): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'members',
        sql`
          insert into family_members (
            id, family_id, user_id, role, relationship_type, relative_to_id, version, joined_at
          )
          values (
            ${member.id}, ${member.familyId}, ${member.userId}, ${member.role}, ${member.relationshipType},
            ${member.relativeToId}, ${member.version}, ${member.now}
          )
          on conflict (family_id, id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async findMember(memberId: string, familyId: string): Promise<MemberRef | null> {
      const [row] = await sql<MemberRefRow[]>`
        select id, family_id, user_id, role, relationship_type, relative_to_id from family_members
        where id = ${memberId} and family_id = ${familyId}
      `;
      return row ? toMemberRef(row) : null;
    },

    /**
     * The family's members as `userId` may see them: none when they are not one of them (a member always sees at
     * least themselves), so one query both checks and answers.
     */
    /**
     * The family's members in the order they joined, with what the others see of them (`FamilyMember[]`), as the
     * JSON the API answers, made by PostgreSQL; null when `userId` is not a member.
     */
    async membersSeenByJson(familyId: string, userId: string): Promise<string | null> {
      const [row] = await sql<{ members: string | null }[]>`
        select json_agg(
          json_build_object(${memberFields(sql)}, 'user', ${publicUserJson(sql, 'u')}) order by m.joined_at, m.id
        )::text as members
        from family_members m join users u on u.id = m.user_id
        where m.family_id = ${familyId}
          and exists (select 1 from family_members me where me.family_id = ${familyId} and me.user_id = ${userId})
      `;
      return row?.members ?? null;
    },

    async findMemberWithUser(memberId: string, familyId: string): Promise<FamilyMember | null> {
      const [member] = await membersWhere(sql`m.family_id = ${familyId} and m.id = ${memberId}`);
      return member ?? null;
    },

    /** The member row carries the version, so pulls send it again. */
    async setRole(member: InFamily, role: FamilyRole, version: number): Promise<void> {
      await sql`
        update family_members set role = ${role}, version = ${version}
        where family_id = ${member.familyId} and id = ${member.id}
      `;
    },

    /** Only the type: whom it is relative to stays (decision 0062). */
    async setRelationship(member: InFamily, relationshipType: RelationshipType, version: number): Promise<void> {
      await sql`
        update family_members set relationship_type = ${relationshipType}, version = ${version}
        where family_id = ${member.familyId} and id = ${member.id}
      `;
    },

    async adminCount(familyId: string): Promise<number> {
      const [row] = await sql<{ admins: number }[]>`
        select count(*)::int as admins from family_members where family_id = ${familyId} and role = 'admin'
      `;
      return row?.admins ?? 0;
    },

    /** Deletes the membership and tombstones it, so every device of the family drops the member. */
    async removeMember(member: InFamily, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'members',
        version,
        sql`
          delete from family_members where family_id = ${member.familyId} and id = ${member.id}
          returning family_id, id::text as row_id
        `,
      );
    },
    familyIdsOf,

    /** The version each of these families is at now, as a poke says it; a family that is gone is left out. */
    async versionsOf(familyIds: string[]): Promise<{ familyId: string; version: number }[]> {
      const rows = await sql<{ id: string; version: string }[]>`
        select id, version from families where id = any(${familyIds}::uuid[]) order by id
      `;
      return rows.map((row) => ({ familyId: row.id, version: Number(row.version) }));
    },

    /**
     * A user's name or avatar changed: every family they belong to moves on and their member rows are stamped with
     * the new version, so the next pull of each family sends the member, and with it the user, again.
     */
    async restampMemberships(userId: string): Promise<FamilyChange[]> {
      const changes: FamilyChange[] = [];
      for (const familyId of await familyIdsOf(userId)) {
        const version = await bumpVersion(familyId);
        if (version === null) continue;
        await sql`
          update family_members set version = ${version} where family_id = ${familyId} and user_id = ${userId}
        `;
        changes.push({ familyId, version, membershipChanged: [] });
      }
      return changes;
    },
  };
}

export type FamilyRepository = ReturnType<typeof createFamilyRepository>;
