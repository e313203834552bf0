-- Browsers a person has signed in from before (docs/decisions/0014-sign-in-lockout-by-known-device.md): failed
-- passwords typed elsewhere do not hold up a sign-in from one of them. Only a hash of the cookie's token is kept.
create table sign_in_devices (
  token_hash bytea primary key check (octet_length(token_hash) = 32),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index sign_in_devices_user_id_idx on sign_in_devices (user_id);
create index sign_in_devices_created_at_idx on sign_in_devices (created_at);
