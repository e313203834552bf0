-- When the device last pulled, to within five minutes (decision 0012): a device pushes everything it has written
-- before it pulls, so nothing it sends afterwards was written earlier, whatever its clock says. A device that has
-- not pulled yet is as new as its first request; one from before this column, as new as when it was first seen.
alter table sync_devices add column pulled_at timestamptz;
update sync_devices set pulled_at = created_at;
alter table sync_devices alter column pulled_at set not null, alter column pulled_at set default now();
