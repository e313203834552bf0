/**
 * `npm start` builds the app only when what the build reads has changed since the last build; a start with nothing
 * changed goes straight to the server. What the build read is fingerprinted by content (not modification times,
 * which a checkout or a copy changes) and kept beside the build in dist/.
 *
 * node --import tsx scripts/build-if-changed.ts
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything `npm run build` reads, from the repository's root: the app, its shared schemas, the build's setup. */
export const buildInputs = [
  'pwa',
  'schema',
  'manifest.webmanifest',
  'scripts/prerender.ts',
  'sync-server/plugins/static-files.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Where the fingerprint of the last build's inputs is kept; the build empties dist/, so it goes with the build. */
const stampFile = 'dist/.build-inputs';

/** One hash of the inputs' paths and contents; tests are left out, as the build does not read them. */
export async function fingerprint(root: string, inputs: readonly string[] = buildInputs): Promise<string> {
  const files: string[] = [];
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    if ((await stat(path)).isFile()) files.push(path);
    else {
      for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) files.push(join(entry.parentPath, entry.name));
      }
    }
  }
  const hash = createHash('sha256');
  for (const file of files.map((file) => relative(root, file)).sort()) {
    hash.update(`${file}\0`).update(await readFile(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

async function main(root: string) {
  const last = await readFile(join(root, stampFile), 'utf8').catch(() => null);
  if (last !== null && existsSync(join(root, 'dist/index.html')) && last === (await fingerprint(root))) {
    console.log('The app is built already and nothing changed since: starting the server.');
    return;
  }
  console.log('Building the app (first start, or its sources changed since the last build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Taken after the build, which writes one of its inputs (pwa/route-tree.gen.ts).
  await writeFile(join(root, stampFile), await fingerprint(root));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(join(fileURLToPath(import.meta.url), '../..'));
}
