-- Joining without a password and signing in by an emailed link (decision 0055).

-- An invited person can make their account with a passkey alone: the challenge then carries the account it will make,
-- bound like a sign-in challenge to the browser that asked. A signed-in person confirms who they are with one of
-- their own passkeys (before deleting the account), bound to their session.
alter table passkey_challenges drop constraint passkey_challenges_purpose_check;
alter table passkey_challenges
  add constraint passkey_challenges_purpose_check check (purpose in ('register', 'sign-in', 'sign-up', 'confirm')),
  add column new_user_id uuid,
  add column new_email text check (char_length(new_email) <= 320);

-- A sign-in link is bound to the browser that asked for it (the hash of a cookie of its own); another browser opens
-- it only with the short code the asking page shows (its hash here, like the token's).
alter table account_links drop constraint account_links_purpose_check;
alter table account_links
  add constraint account_links_purpose_check check (purpose in ('password-reset', 'sign-in')),
  add column asker_hash bytea,
  add column code_hash bytea;
