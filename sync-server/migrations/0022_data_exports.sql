-- Download My Data (issue 17, decision 0027): each archive asked for, built by the job queue, kept 7 days.
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'waiting' check (status in ('waiting', 'building', 'ready', 'failed')),
  progress integer not null default 0 check (progress between 0 and 100),
  byte_size bigint,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- One under way per person, whatever asks at once.
create unique index data_exports_under_way_idx on data_exports (user_id) where status in ('waiting', 'building');
create index data_exports_user_id_requested_at_idx on data_exports (user_id, requested_at desc);
create index data_exports_waiting_idx on data_exports (requested_at) where status in ('waiting', 'building');

-- "Your archive is ready" on the bell.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_post', 'post_comment', 'new_event', 'event_rsvp', 'new_member', 'chat_message',
  'event_tomorrow', 'event_soon', 'birthday', 'new_photos', 'export_ready'
));
