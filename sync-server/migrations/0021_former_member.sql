-- Deleting an account (issue 17, decision 0026): what the person shared with their families stays with them, under
-- this one stand-in, so the person's own row (name, email, everything) really goes. Nobody can sign in as it: it has
-- no password, an address that cannot receive mail, and no family.
insert into users (id, username, email, password_hash, first_name)
values ('00000000-0000-4000-8000-000000000000', 'former_member', 'former-member@hearth.invalid', null, 'Former member')
on conflict (id) do nothing;
