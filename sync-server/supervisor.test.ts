import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm start`'s supervisor (supervisor.ts) around a stand-in server (testing/crashing-server.ts). */
function supervise(env: Record<string, string>) {
  const supervisor = spawn(
    process.execPath,
    ['--import', 'tsx', 'sync-server/supervisor.ts', 'sync-server/testing/crashing-server.ts'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = { stdout: '', stderr: '' };
  supervisor.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  supervisor.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  return { supervisor, output };
}

describe('npm start', () => {
  it('starts the server again when it stops on its own after serving, and says so', async () => {
    const crashedOnce = join(tmpdir(), `hearth-crashed-${randomUUID()}`);
    const { supervisor, output } = supervise({ CRASHED_ONCE: crashedOnce });
    try {
      await new Promise<void>((resolve) => {
        supervisor.stdout.on('data', () => output.stdout.includes('serving again') && resolve());
      });
      expect(output.stderr).toContain('a bug nobody handled');
      expect(output.stderr).toContain('Hearth stopped unexpectedly (with exit code 1); starting it again in 1 s');
      supervisor.kill('SIGTERM');
      expect(await once(supervisor, 'exit')).toEqual([0, null]);
    } finally {
      supervisor.kill('SIGKILL');
      await rm(crashedOnce, { force: true });
    }
  });

  it('stops with a server that stopped before it ever served', async () => {
    const { supervisor, output } = supervise({ FAIL_AT_START: '1' });
    expect(await once(supervisor, 'exit')).toEqual([1, null]);
    expect(output.stderr).not.toContain('starting it again');
  });
});
