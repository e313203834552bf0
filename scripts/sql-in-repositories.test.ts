import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives in sync-server/repositories/ only: one place to read what the server asks of its database, and the place
 * a new table is looked for (architecture.md). Tests, their helpers and the migrations are SQL by nature.
 */
const root = resolve(import.meta.dirname, '..');
const allowed: Record<string, string> = {
  // The driver's own patch: it wraps statements others write, and names `tx\`...\`` only to say so.
  'sync-server/driver-workarounds.ts': 'patches postgres.js itself',
};

/** A statement through postgres.js: a tagged template on the pool or a transaction, or raw text through unsafe(). */
const statement = /(?<![.\w])(?:sql|tx|connection|reserved)\s*(?:<[^`\n]*?>)?\s*`|\.unsafe\(/g;

function serverFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return ['repositories', 'testing', 'migrations'].includes(name) ? [] : serverFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

export function statementsOutsideRepositories(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const path of serverFiles(join(root, 'sync-server'))) {
    const count = readFileSync(path, 'utf8').match(statement)?.length ?? 0;
    if (count) found[relative(root, path)] = count;
  }
  return found;
}

describe('SQL only in repositories', () => {
  it('no server file outside sync-server/repositories/ runs a statement of its own', () => {
    const outside = Object.keys(statementsOutsideRepositories()).filter((path) => !(path in allowed));
    expect(outside, 'move these statements behind a repository in sync-server/repositories/').toEqual([]);
  });

  it('every file allowed a statement still has one', () => {
    expect(Object.keys(allowed).filter((path) => !(path in statementsOutsideRepositories()))).toEqual([]);
  });
});
