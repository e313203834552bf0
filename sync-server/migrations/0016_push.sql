-- Web Push (issue 16, decision 0024).

-- Keys the server makes once and keeps (the VAPID key pair push services know it by).
create table server_keys (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- One subscription per device, going with the device (signed out: `forget-device`; unseen for 90 days:
-- housekeeping) and when its push service says it is gone (404/410).
create table push_subscriptions (
  device_id uuid primary key references sync_devices (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null unique check (char_length(endpoint) <= 1000),
  p256dh text not null check (char_length(p256dh) <= 200),
  auth text not null check (char_length(auth) <= 100),
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_id_idx on push_subscriptions (user_id);

-- A notification waits to be pushed when it is new (not when it gathers one more) and its person has a device to
-- push to; whoever sends it clears the mark first, so no two instances push it.
alter table notifications add column push_pending boolean not null default false;
create index notifications_push_pending_idx on notifications (created_at) where push_pending;
