import type { ProfileUpdateBody } from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';

type ProfileFields = Pick<User, 'firstName' | 'lastName' | 'email' | 'username' | 'birthday'>;

/** Only what differs from the saved profile, so an unchanged email is never re-checked or re-sent. */
export function changedProfileFields(saved: ProfileFields, edited: ProfileFields): ProfileUpdateBody {
  const changes: ProfileUpdateBody = {};
  if (edited.firstName !== saved.firstName) changes.firstName = edited.firstName;
  if (edited.lastName !== saved.lastName) changes.lastName = edited.lastName;
  if (edited.email !== saved.email) changes.email = edited.email;
  if (edited.username !== saved.username) changes.username = edited.username;
  if (edited.birthday !== saved.birthday) changes.birthday = edited.birthday;
  return changes;
}
