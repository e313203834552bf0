-- Notifications become a synced table, one person's own (issue 16, decision 0022). None was ever written: the table
-- is reshaped freely.

-- A notification belongs to a member of a family: it goes when they leave (their devices drop the family anyway).
alter table notifications alter column family_id set not null;
alter table notifications drop constraint notifications_family_id_fkey;
alter table notifications
  add constraint notifications_member_fkey foreign key (family_id, user_id)
    references family_members (family_id, user_id) on delete cascade;
drop index notifications_family_id_idx;

-- Devices say the sentence (schema/notification-text.ts): kept are who did it last, how many times and a quote.
alter table notifications drop column title;
alter table notifications drop column content;
alter table notifications add column actor_id uuid references users (id) on delete set null;
alter table notifications add column excerpt text not null default '' check (char_length(excerpt) <= 200);
alter table notifications add column count integer not null default 1 check (count >= 1);
-- What an unread notification gathers: one per person, family, kind and subject (a post, an event, the chat).
alter table notifications add column group_key text not null;
create unique index notifications_unread_group_idx on notifications (user_id, family_id, type, group_key)
  where not is_read;
alter table notifications add column updated_at timestamptz not null default now();
alter table notifications add column version bigint not null default 0;
create index notifications_family_id_version_idx on notifications (family_id, version);
