/**
 * `npm install` runs this after installing: it mends two bugs of postgres.js 3.4.9 that nothing outside the driver
 * can reach (docs/decisions/0032, docs/upstream/postgres-js-dropped-connections.md). Any other version of the driver
 * stops the install, so that whoever upgrades it looks again.
 *
 * - When a connection closes with a small write still waiting for the next tick, `terminate` and `closed` cancel the
 *   tick but leave it recorded, and leave the write's bytes in place: the reconnected connection's startup message
 *   joins them and is never sent, and the connection hangs until its connect timeout, again and again. Both now
 *   forget the cancelled write.
 * - A reservation (`sql.reserve`) that fails while its connection starts stays in the pool's queue, and the next
 *   connection to come free is handed to it and lost for good: the pool shrinks by one at each. It now leaves the
 *   queue when it fails.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const driver = join(import.meta.dirname, '..', 'node_modules', 'postgres');
const { version } = JSON.parse(await readFile(join(driver, 'package.json'), 'utf8')) as { version: string };
if (version !== '3.4.9') {
  throw new Error(`scripts/patch-postgres.ts mends postgres 3.4.9, not ${version}: see whether ${version} needs it.`);
}

const mark = ' // Hearth: scripts/patch-postgres.ts';
const mends = [
  {
    file: 'connection.js',
    places: 2,
    from: '    clearImmediate(nextWriteTimer)\n',
    to: `    clearImmediate(nextWriteTimer)\n    nextWriteTimer = chunk = null${mark}\n`,
  },
  {
    file: 'index.js',
    places: 1,
    from: '        const query = { reserve: resolve, reject }\n',
    to: `        const query = { reserve: resolve, reject: (error) => (queries.remove(query), reject(error)) }${mark}\n`,
  },
];
for (const directory of ['src', 'cjs/src']) {
  for (const { file, places, from, to } of mends) {
    const path = join(driver, directory, file);
    const source = await readFile(path, 'utf8');
    if (source.includes(to)) continue;
    const found = source.split(from).length - 1;
    if (found !== places) throw new Error(`${path}: expected ${places} place(s) to mend, found ${found}`);
    await writeFile(path, source.replaceAll(from, to));
  }
}
