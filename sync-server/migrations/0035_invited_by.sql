-- Relationships read from the viewer's side (decision 0062): a member's relationship is to one person, the one whose
-- invitation they joined by ("David is Rose's son"). Null for a family's creator. Which invitation an existing member
-- joined by was never kept: they are taken as related to the creator, who makes most invitations.
-- Account deletion points it at the "Former member" stand-in (repositories/account-deletion-repository.ts); the
-- foreign key only backs that up.
alter table family_members add column relative_to_id uuid references users (id) on delete set null;

update family_members m set relative_to_id = f.created_by_id
from families f
where f.id = m.family_id and f.created_by_id is not null and m.user_id <> f.created_by_id;

-- Every family moves on one version and its members are stamped with it, so each device pulls them again, anchors
-- included, instead of keeping rows without one.
update families set version = version + 1;
update family_members m set version = f.version from families f where f.id = m.family_id;
