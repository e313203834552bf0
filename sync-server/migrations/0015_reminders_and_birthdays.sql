-- Event reminders and birthdays (issue 16, decision 0023): notifications nobody's write causes, made by a job.

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_post', 'post_comment', 'new_event', 'event_rsvp', 'new_member', 'chat_message',
  'event_tomorrow', 'event_soon', 'birthday'
));

-- Each occasion (an event's reminder for its start time, a birthday in a year) is told to each person at most once,
-- whichever instance gets there and however often the job runs. Housekeeping lets old ones go.
create table occasions_told (
  occasion text not null check (char_length(occasion) <= 200),
  user_id uuid not null references users (id) on delete cascade,
  told_at timestamptz not null default now(),
  primary key (occasion, user_id)
);
create index occasions_told_told_at_idx on occasions_told (told_at);

-- The reminder job looks for events starting within the next two days across every family.
create index events_start_date_idx on events (start_date);

-- A birthday comes on the day where the person it is told to lives: their devices say which time zone they are in
-- (the most recently seen device wins). Null until a device says; UTC then.
alter table sync_devices add column time_zone text check (char_length(time_zone) <= 64);
