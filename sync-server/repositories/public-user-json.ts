import type { Queryable } from '../database.ts';

/**
 * What members see of a user (`publicUserSchema`: names, avatar and the day and month of their birthday, never the
 * email or the year they were born) as one JSON value, for a query
 * that joins `users` under `alias`: a row and the person it names come back in one read, already in the API's shape.
 */
export function publicUserJson(sql: Queryable, alias: string) {
  const user = sql(alias);
  return sql`
    json_build_object(
      'id', ${user}.id, 'username', ${user}.username, 'firstName', ${user}.first_name,
      'lastName', ${user}.last_name, 'profileImageUrl', ${user}.profile_image_url,
      'birthday', '--' || right(${user}.birthday, 5)
    )
  `;
}
