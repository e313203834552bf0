-- Each person's private calendar address (issue 14): every event and birthday of their families, for Apple, Google
-- and Outlook calendars to subscribe to. Only the token's hash is kept; making a new address replaces the old one.
create table calendar_feeds (
  user_id uuid primary key references users (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now()
);
