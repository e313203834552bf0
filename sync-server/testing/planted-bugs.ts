import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NemesisCheck, NemesisOptions, NemesisReport } from './nemesis.ts';
import type { RestoreKind } from './nemesis-server.ts';

/**
 * Deliberate bugs the nemesis must catch: its self-check (sync-server/nemesis-self-check.test.ts). Each is a text
 * patch applied to a copy of the source, never to the code that ships, so production code carries no switch at all.
 * A patch that no longer matches exactly once fails loudly: the bug it plants must then be planted anew, by hand.
 */
export type PlantedBug = {
  /** What goes wrong, as a person would notice it. */
  what: string;
  file: string;
  find: string;
  replace: string;
  /** The check that must find it. */
  caughtBy: NemesisCheck;
  /** The restore it shows under, when only one kind brings it out. */
  restore?: RestoreKind;
};

export const plantedBugs = {
  /** The push's duplicate check lets the last handled seq through again: a lost answer's write is re-applied. */
  'reapply-last-seq': {
    what: 'the server handles the last seq it handled again (seq <= watermark made <)',
    file: 'sync-server/sync-push.ts',
    find: 'if (seq <= watermark) {',
    replace: 'if (seq < watermark) {',
    caughtBy: 'exactly-once',
  },
  /** Other members' phones keep a comment its author deleted, for ever. */
  'comment-delete-without-tombstone': {
    what: 'a comment is deleted with no tombstone',
    file: 'sync-server/repositories/comment-repository.ts',
    find: `await recordTombstones(
        sql,
        'comments',
        version,
        sql\`
          delete from comments where family_id = \${comment.familyId} and id = \${comment.id}
          returning family_id, id::text as row_id
        \`,
      );`,
    replace: `void version;
      await sql\`delete from comments where family_id = \${comment.familyId} and id = \${comment.id}\`;`,
    caughtBy: 'created-rows',
  },
  /** A deleted message keeps showing on the phones that had it: its emptied row never reaches them. */
  'message-delete-without-tombstone': {
    what: "a message's delete is written without a new version, so no device hears of it",
    file: 'sync-server/repositories/message-repository.ts',
    find: 'deleted_at = ${deletedAt}, version = ${version}',
    replace: 'deleted_at = ${deletedAt}, version = version + 0 * ${version}',
    caughtBy: 'device-equals-server',
  },
  /** After a restore, writes the lost history had acknowledged but the device had not seen confirmed are dropped. */
  'start-over-drops-acknowledged': {
    what: 'starting over after a restore drops acknowledged writes not yet confirmed',
    file: 'pwa/sync/rebase.ts',
    find: "const later = await db.outbox.where('seq').above(lastAppliedSeq).sortBy('seq');",
    replace:
      "await db.outbox.where('status').equals('sent').delete();\n" +
      "    const later = await db.outbox.where('seq').above(lastAppliedSeq).sortBy('seq');",
    caughtBy: 'every-write-lands',
  },
  /** A snapshot put back in place goes unnoticed: the devices that saw more than it holds are not listened to. */
  'devices-not-heard-as-witnesses': {
    what: 'a device that saw more than the database holds is served as if nothing happened',
    file: 'sync-server/routes/sync-routes.ts',
    find: 'const witnessed = sent.epoch === null ? null : beyondTheDatabase(sent, device);',
    replace: 'const witnessed = null as ReturnType<typeof beyondTheDatabase>;',
    caughtBy: 'every-write-lands',
    restore: 'snapshot',
  },
  /** Pokes stay on the instance that committed: devices connected to the other one hear nothing. */
  'pokes-stay-on-one-instance': {
    what: "a change is announced only to the committing instance's own live channels",
    file: 'sync-server/sync-notifier.ts',
    find: 'for (const payload of notificationPayloads(change)) await notify(sql, payload);',
    replace: 'changes.emit(change);',
    caughtBy: 'pokes',
  },
} satisfies Record<string, PlantedBug>;

export type PlantedBugName = keyof typeof plantedBugs;

const root = join(import.meta.dirname, '..', '..');

/** Applies the bug's patch to `source`; a patch that does not match exactly once is an error, never a silent pass. */
export function plant(name: PlantedBugName, source: string): string {
  const bug: PlantedBug = plantedBugs[name];
  const matches = source.split(bug.find).length - 1;
  if (matches !== 1) {
    throw new Error(`planted bug ${name}: its patch matches ${bug.file} ${matches} times, not once; plant it anew`);
  }
  return source.replace(bug.find, () => bug.replace);
}

/**
 * Runs the nemesis on a copy of the source with the bug planted, in a process of its own (nothing of the copy mixes
 * with the modules of the process asking), and answers its report.
 */
export async function runWithPlantedBug(name: PlantedBugName, options: NemesisOptions): Promise<NemesisReport> {
  const copy = await mkdtemp(join(tmpdir(), 'hearth-planted-'));
  try {
    for (const folder of ['schema', 'sync-server', 'pwa']) {
      await cp(join(root, folder), join(copy, folder), { recursive: true });
    }
    for (const file of ['package.json', 'tsconfig.json']) await cp(join(root, file), join(copy, file));
    await symlink(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const file = join(copy, plantedBugs[name].file);
    await writeFile(file, plant(name, await readFile(file, 'utf8')));
    return await runChild(copy, options);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

function runChild(copy: string, options: NemesisOptions): Promise<NemesisReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(copy, 'sync-server/testing/nemesis-child.ts'), JSON.stringify(options)],
      { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as NemesisReport);
      else reject(new Error(`the nemesis ended with ${code}: ${errors.slice(-2000)}`));
    });
  });
}
