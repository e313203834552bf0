-- A person may mute a family (issue 16): nothing of it on their bell, in pushes or in their digest.
alter table user_settings add column muted_family_ids uuid[] not null default '{}'
  check (cardinality(muted_family_ids) <= 100);
