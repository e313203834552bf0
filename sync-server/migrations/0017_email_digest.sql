-- The email digest (issue 16, decision 0025): off, daily or weekly, per person.
alter table user_settings add column email_digest text not null default 'off'
  check (email_digest in ('off', 'daily', 'weekly'));
-- When the last digest went (or was skipped for having nothing to say): the next one tells only what came after.
alter table user_settings add column digest_sent_at timestamptz;

-- Each digest carries its own unsubscribe link; only the token's sha256 is kept. A used one says so when used again.
create table digest_unsubscribe_tokens (
  token_hash bytea primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index digest_unsubscribe_tokens_created_at_idx on digest_unsubscribe_tokens (created_at);
