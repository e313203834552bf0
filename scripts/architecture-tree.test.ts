import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/architecture.md's folder tree is where a newcomer starts: it names every folder of the server and the app. */
const root = resolve(import.meta.dirname, '..');
const tree = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const folders = (parent: string) =>
  readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("architecture.md's folder tree", () => {
  it.each(['sync-server', 'pwa'])('names every folder of %s/', (parent) => {
    expect(folders(parent).filter((name) => !new RegExp(`^\\s+${name}/`, 'm').test(tree))).toEqual([]);
  });
});
