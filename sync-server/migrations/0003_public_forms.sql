-- The public site's forms (product.md "Public forms"). Contact messages already live in contact_messages (0001).
-- The CHECK constraints mirror schema/public-forms.ts and schema/limits.ts, as in 0001.

-- A second sign-up with the same address is accepted and stored once: the unique email lets the insert say
-- `on conflict do nothing`, so nobody learns whether an address was already on the list.
create table early_access_signups (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  constraint early_access_signups_email_key unique (email)
);

create table newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  constraint newsletter_subscriptions_email_key unique (email)
);

-- An address and a name only when the person wants an answer; blank ones arrive as null.
create table suggestions (
  id uuid primary key default gen_random_uuid(),
  suggestion text not null check (char_length(suggestion) between 1 and 2000 and suggestion ~ '\S'),
  email text check (email = lower(email) and char_length(email) between 3 and 254),
  name text check (char_length(name) between 1 and 100 and name ~ '\S'),
  created_at timestamptz not null default now()
);
create index suggestions_created_at_idx on suggestions (created_at desc);
