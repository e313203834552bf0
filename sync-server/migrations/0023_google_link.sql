-- Google sign-in proven (issue 17): an account remembers the Google account linked to it (the OpenID `sub`), and
-- that its person unlinked Google, so a later Google sign-in with the same email does not link it again by itself.
alter table users add column google_sub text unique check (char_length(google_sub) <= 255);
alter table users add column google_unlinked boolean not null default false;
