-- Chat becomes synced (issue 15, decision 0021). No message was ever written (the screen did not exist): the table
-- is reshaped freely.

-- The family's running count orders its messages (given under the family's lock, so dense and in commit order).
alter table messages add column number bigint not null check (number > 0);
alter table messages add constraint messages_family_id_number_key unique (family_id, number);
alter table messages add column version bigint not null default 0;
create index messages_family_id_version_idx on messages (family_id, version);
drop index messages_family_id_created_at_idx;
-- A photo message names its photo by the id its upload uses (no foreign key: it is sent before the photo exists).
alter table messages add column photo_id uuid;
-- A deleted message keeps its place (and number) with nothing in it.
alter table messages add column deleted_at timestamptz;
alter table messages drop constraint messages_content_check;
alter table messages add constraint messages_content_check check (
  char_length(content) <= 4000
  and case
    when deleted_at is not null then content = '' and photo_id is null
    when message_type = 'photo' then content = '' and photo_id is not null
    else content ~ '\S' and photo_id is null
  end
);
alter table messages alter column id drop default;

-- Each person's read position per family: the highest message number they have read.
create table chat_reads (
  family_id uuid not null references families (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  read_through bigint not null check (read_through >= 0),
  version bigint not null,
  updated_at timestamptz not null default now(),
  -- The id devices know it by (schema/sync-protocol.ts `chatReadKey`).
  id text not null generated always as (family_id::text || ':' || user_id::text) stored,
  primary key (family_id, user_id)
);
create index chat_reads_family_id_version_idx on chat_reads (family_id, version);
