-- Passkeys (decision 0051): each person's WebAuthn credentials, and the challenges handed out to make or use one.
create table passkeys (
  -- The credential id the authenticator chose, base64url.
  id text primary key check (char_length(id) <= 1400),
  user_id uuid not null references users (id) on delete cascade,
  public_key bytea not null,
  -- The authenticator's signature counter: a use that does not move it forward is a cloned key (0 = not kept).
  counter bigint not null default 0,
  transports text[] not null default '{}',
  -- The device it was made on, from its browser ("Chrome on Android"), for the person to tell them apart.
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_id_idx on passkeys (user_id);

-- A challenge is single use and short-lived, and bound to whoever asked for it: the session adding a passkey, or the
-- browser signing in (a cookie of its own). Only the hash of that session or cookie is the key.
create table passkey_challenges (
  asker_hash bytea primary key,
  purpose text not null check (purpose in ('register', 'sign-in')),
  challenge text not null,
  expires_at timestamptz not null
);
create index passkey_challenges_expires_at_idx on passkey_challenges (expires_at);
