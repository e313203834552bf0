import { randomUUID } from 'node:crypto';
import type { Sql } from '../database.ts';

/**
 * Makes inserting a post with exactly this content fail inside the database with the given SQLSTATE, as a real
 * failure would; answers the function that removes the failure again.
 */
export async function failPostsContaining(sql: Sql, marker: string, sqlState: string): Promise<() => Promise<void>> {
  const name = `fail_${sqlState.toLowerCase()}_${randomUUID().slice(0, 8)}`;
  await sql.unsafe(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if new.content = '${marker}' then
        raise exception 'test failure' using errcode = '${sqlState}';
      end if;
      return new;
    end $$;
    create trigger ${name} before insert on posts for each row execute function ${name}();
  `);
  return async () => {
    await sql.unsafe(`drop trigger ${name} on posts; drop function ${name}();`);
  };
}
