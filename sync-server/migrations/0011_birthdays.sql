-- A member may give their birthday (issue 14): `1946-05-03`, or `--05-03` without the year. Members see the day and
-- month only (public-user-json.ts); the year, where given, is its owner's.
alter table users add column birthday text check (birthday ~ '^(\d{4}|-)-\d{2}-\d{2}$');
