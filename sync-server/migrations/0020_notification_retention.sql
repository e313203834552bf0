-- Housekeeping lets read notifications go after 30 days (decision 0022), found by this index.
create index notifications_read_updated_at_idx on notifications (updated_at) where is_read;
