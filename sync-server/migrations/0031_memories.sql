-- "On this day" (decision 0056): a morning note when the family shared something on this date in earlier years, which
-- each person may turn off in Settings.
alter table user_settings add column memories boolean not null default true;

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_post', 'post_comment', 'new_event', 'event_rsvp', 'new_member', 'chat_message',
  'event_tomorrow', 'event_soon', 'birthday', 'new_photos', 'export_ready', 'memories'
));
