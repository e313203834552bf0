-- Photo frames (docs/decisions/0061-photo-frames.md): a browser an admin's link turned into a frame of one family's
-- photos. Only hashes are kept: of the link's token until a browser opens it (once), then of the frame's cookie.
create table frame_links (
  id uuid primary key,
  family_id uuid not null references families (id) on delete cascade,
  created_by_id uuid references users (id) on delete set null,
  link_token_hash bytea unique check (octet_length(link_token_hash) = 32),
  token_hash bytea unique check (octet_length(token_hash) = 32),
  user_agent text check (char_length(user_agent) <= 512),
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  -- A frame not seen for 30 days ends (housekeeping); written at most every few minutes, as sessions are.
  last_seen_at timestamptz not null default now(),
  check ((link_token_hash is null) <> (token_hash is null))
);
create index frame_links_family_id_idx on frame_links (family_id);
create index frame_links_last_seen_at_idx on frame_links (last_seen_at);
