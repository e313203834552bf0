-- Larger text becomes a choice of three sizes (issue 12: one step was too small to help older eyes).
alter table user_settings add column text_size text not null default 'normal'
  check (text_size in ('normal', 'large', 'largest'));
update user_settings set text_size = 'large' where larger_text;
alter table user_settings drop column larger_text;
