-- Hearth's first schema. The CHECK constraints mirror schema/limits.ts and the enums of schema/entities.ts, so
-- nothing that skipped the zod rules (a bug, a manual fix, a future import) can store what the app would refuse.
-- Lengths use char_length (characters, not bytes). Content a person writes is theirs: it leaves with their account
-- (ON DELETE CASCADE from users); everything in a family leaves with the family.

create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null check (char_length(username) between 3 and 30),
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  -- Null for accounts that only ever signed in with Google.
  password_hash text,
  first_name text check (char_length(first_name) <= 50),
  last_name text check (char_length(last_name) <= 50),
  profile_image_url text check (char_length(profile_image_url) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_key unique (email)
);
create unique index users_username_lower_key on users (lower(username));

create table user_settings (
  user_id uuid primary key references users (id) on delete cascade,
  family_updates boolean not null default true,
  event_reminders boolean not null default true,
  chat_messages boolean not null default true,
  photo_comments boolean not null default true,
  profile_visibility boolean not null default true,
  activity_status boolean not null default true,
  photo_download boolean not null default true,
  larger_text boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Only the sha256 of a session token is stored: a leaked table cannot be replayed as cookies.
create table sessions (
  token_hash bytea primary key check (octet_length(token_hash) = 32),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text check (char_length(user_agent) <= 512)
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table families (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100 and name ~ '\S'),
  description text check (char_length(description) <= 500),
  -- A family outlives the account of the person who created it.
  created_by_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table family_members (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null default 'member' check (role in ('admin', 'member')),
  relationship_type text check (relationship_type in (
    'grandparent', 'grandmother', 'grandfather', 'parent', 'mother', 'father', 'spouse', 'partner', 'sibling',
    'brother', 'sister', 'child', 'son', 'daughter', 'grandchild', 'grandson', 'granddaughter', 'creator', 'other'
  )),
  joined_at timestamptz not null default now(),
  constraint family_members_family_id_user_id_key unique (family_id, user_id)
);
create index family_members_user_id_idx on family_members (user_id);

create table invitations (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  token_hash bytea not null check (octet_length(token_hash) = 32),
  created_by_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  constraint invitations_token_hash_key unique (token_hash),
  check (expires_at > created_at)
);
create index invitations_family_id_idx on invitations (family_id);

create table posts (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 5000 and content ~ '\S'),
  photo_ids uuid[] not null default '{}' check (cardinality(photo_ids) <= 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index posts_family_id_created_at_idx on posts (family_id, created_at desc);
create index posts_author_id_idx on posts (author_id);

create table comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references posts (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 2000 and content ~ '\S'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index comments_post_id_created_at_idx on comments (post_id, created_at);
create index comments_author_id_idx on comments (author_id);

create table post_reactions (
  post_id uuid not null references posts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  reaction_type text not null check (reaction_type in ('like')),
  created_at timestamptz not null default now(),
  primary key (post_id, user_id, reaction_type)
);
create index post_reactions_user_id_idx on post_reactions (user_id);

create table events (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  created_by_id uuid not null references users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200 and title ~ '\S'),
  description text check (char_length(description) <= 2000),
  start_date timestamptz not null,
  end_date timestamptz check (end_date >= start_date),
  location text check (char_length(location) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index events_family_id_start_date_idx on events (family_id, start_date);
create index events_created_by_id_idx on events (created_by_id);

create table event_attendees (
  event_id uuid not null references events (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'pending' check (status in ('attending', 'not_attending', 'pending')),
  updated_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_attendees_user_id_idx on event_attendees (user_id);

create table albums (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  created_by_id uuid not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100 and name ~ '\S'),
  description text check (char_length(description) <= 500),
  cover_photo_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index albums_family_id_idx on albums (family_id);
create index albums_created_by_id_idx on albums (created_by_id);

create table photos (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  uploaded_by_id uuid not null references users (id) on delete cascade,
  -- Deleting an album keeps its photos, they just stop being in an album.
  album_id uuid references albums (id) on delete set null,
  title text check (char_length(title) <= 200),
  description text check (char_length(description) <= 2000),
  image_url text not null check (char_length(image_url) between 1 and 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index photos_family_id_created_at_idx on photos (family_id, created_at desc);
create index photos_album_id_idx on photos (album_id);
create index photos_uploaded_by_id_idx on photos (uploaded_by_id);

alter table albums
  add constraint albums_cover_photo_id_fkey foreign key (cover_photo_id) references photos (id) on delete set null;

create table messages (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families (id) on delete cascade,
  sender_id uuid not null references users (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 4000 and content ~ '\S'),
  message_type text not null default 'text' check (message_type in ('text', 'photo')),
  created_at timestamptz not null default now()
);
create index messages_family_id_created_at_idx on messages (family_id, created_at desc);
create index messages_sender_id_idx on messages (sender_id);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in (
    'new_post', 'post_comment', 'new_event', 'event_rsvp', 'new_member', 'chat_message'
  )),
  title text not null check (char_length(title) <= 200),
  content text not null check (char_length(content) <= 1000),
  is_read boolean not null default false,
  family_id uuid references families (id) on delete cascade,
  -- The post, event, message or member the notification is about; which table depends on type.
  related_id uuid,
  created_at timestamptz not null default now()
);
create index notifications_user_id_created_at_idx on notifications (user_id, created_at desc);
create index notifications_family_id_idx on notifications (family_id);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(full_name) between 1 and 100 and full_name ~ '\S'),
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  message_type text not null check (message_type in (
    'support', 'privacy', 'feedback', 'business', 'general', 'other'
  )),
  subject text not null check (char_length(subject) between 1 and 200 and subject ~ '\S'),
  message text not null check (char_length(message) between 1 and 5000 and message ~ '\S'),
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on contact_messages (created_at desc);
