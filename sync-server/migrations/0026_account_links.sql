-- One-time links into an account (decision 0044): a password reset emailed to its person or made for them by a family
-- admin. Only the token's SHA-256 is kept; a link is deleted when used, and housekeeping drops the expired ones.
create table account_links (
  token_hash bytea primary key,
  purpose text not null check (purpose in ('password-reset')),
  user_id uuid not null references users (id) on delete cascade,
  -- The admin who made it for them; null when it was emailed to the person.
  made_by uuid references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index account_links_user_id_idx on account_links (user_id);
create index account_links_expires_at_idx on account_links (expires_at);
create index account_links_made_by_idx on account_links (made_by);
