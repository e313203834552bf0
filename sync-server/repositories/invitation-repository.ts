import { hashOfToken } from '../auth/secret-tokens.ts';
import type { FamilyInvitation, PublicUser } from '../../schema/index.ts';
import { publicName } from '../../schema/public-name.ts';
import type { Queryable } from '../database.ts';
import { publicUserJson } from './public-user-json.ts';
import type { InFamily } from './synced-storage.ts';

export type NewInvitation = {
  familyId: string;
  token: string;
  createdById: string;
  now: Date;
  expiresAt: Date;
};

/** What the lookup and the join need to know about the invitation a token names. */
export type TokenInvitation = {
  familyId: string;
  familyName: string;
  invitedBy: string;
  /** The maker, whom those who join by it are related to (decision 0062). */
  invitedById: string;
  expiresAt: Date;
  /** Turned off by an admin or its maker, or its maker is no longer in the family. */
  revoked: boolean;
};

/** What the permission check of a revoke needs. */
export type InvitationRef = { id: string; familyId: string; createdById: string };

type FamilyInvitationRow = {
  id: string;
  family_id: string;
  created_at: Date;
  expires_at: Date;
  created_by: PublicUser;
};

function toFamilyInvitation(row: FamilyInvitationRow): FamilyInvitation {
  return {
    id: row.id,
    familyId: row.family_id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    createdBy: row.created_by,
  };
}

export function createInvitationRepository(sql: Queryable) {
  return {
    async create(invitation: NewInvitation): Promise<FamilyInvitation> {
      const [row] = await sql<FamilyInvitationRow[]>`
        with created as (
          insert into invitations (family_id, token_hash, created_by_id, created_at, expires_at)
          values (
            ${invitation.familyId}, ${hashOfToken(invitation.token)}, ${invitation.createdById}, ${invitation.now},
            ${invitation.expiresAt}
          )
          returning id, family_id, created_by_id, created_at, expires_at
        )
        select created.id, created.family_id, created.created_at, created.expires_at,
          ${publicUserJson(sql, 'u')} as created_by
        from created join users u on u.id = created.created_by_id
      `;
      if (!row) throw new Error('the new invitation was not returned');
      return toFamilyInvitation(row);
    },

    /**
     * The invitations that still let someone join, newest first. A link made by someone who has since left the
     * family stops working with their membership (a removed member cannot keep inviting people in).
     */
    async listOpen(familyId: string, now: Date): Promise<FamilyInvitation[]> {
      const rows = await sql<FamilyInvitationRow[]>`
        select i.id, i.family_id, i.created_at, i.expires_at, ${publicUserJson(sql, 'u')} as created_by
        from invitations i
        join users u on u.id = i.created_by_id
        join family_members maker on maker.family_id = i.family_id and maker.user_id = i.created_by_id
        where i.family_id = ${familyId} and i.revoked_at is null and i.expires_at > ${now}
        order by i.created_at desc, i.id desc
      `;
      return rows.map(toFamilyInvitation);
    },

    async findRef(invitationId: string, familyId: string): Promise<InvitationRef | null> {
      const [row] = await sql<{ id: string; family_id: string; created_by_id: string }[]>`
        select id, family_id, created_by_id from invitations where family_id = ${familyId} and id = ${invitationId}
      `;
      return row ? { id: row.id, familyId: row.family_id, createdById: row.created_by_id } : null;
    },

    /** Revoking twice keeps the first time. */
    async revoke({ familyId, id }: InFamily, now: Date): Promise<void> {
      await sql`
        update invitations set revoked_at = coalesce(revoked_at, ${now}) where family_id = ${familyId} and id = ${id}
      `;
    },

    async findByToken(token: string): Promise<TokenInvitation | null> {
      const [row] = await sql<
        {
          family_id: string;
          family_name: string;
          created_by_id: string;
          expires_at: Date;
          revoked: boolean;
          username: string;
          first_name: string | null;
          last_name: string | null;
        }[]
      >`
        select i.family_id, f.name as family_name, i.created_by_id, i.expires_at,
          i.revoked_at is not null or not exists (
            select 1 from family_members m where m.family_id = i.family_id and m.user_id = i.created_by_id
          ) as revoked,
          u.username, u.first_name, u.last_name
        from invitations i
        join families f on f.id = i.family_id
        join users u on u.id = i.created_by_id
        where i.token_hash = ${hashOfToken(token)}
      `;
      if (!row) return null;
      return {
        familyId: row.family_id,
        familyName: row.family_name,
        invitedBy: publicName({ username: row.username, firstName: row.first_name, lastName: row.last_name }),
        invitedById: row.created_by_id,
        expiresAt: row.expires_at,
        revoked: row.revoked,
      };
    },
  };
}
