-- Rate limits shared by every instance (issue 18): a fixed window per bucket and key, in PostgreSQL instead of each
-- process's memory, so several instances behind a load balancer slow guessing down as one.
create table rate_limits (
  bucket text not null,
  key text not null check (char_length(key) <= 400),
  count integer not null,
  reset_at timestamptz not null,
  primary key (bucket, key)
);
create index rate_limits_reset_at_idx on rate_limits (reset_at);
