-- New photos tell the family too (issue 16: "Family Updates: new posts and photos"), gathered per family.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_post', 'post_comment', 'new_event', 'event_rsvp', 'new_member', 'chat_message',
  'event_tomorrow', 'event_soon', 'birthday', 'new_photos'
));

-- Whether a new photo was shared with a post or a chat message (then that tells of it) is looked up by the photo.
create index posts_photo_ids_idx on posts using gin (photo_ids);
create index messages_photo_id_idx on messages (photo_id) where photo_id is not null;
