import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/**
 * The bench app in a process of its own (bench/support/serve-bench-app.ts), run as `npm start` runs it
 * (docs/operations.md: with glibc's default arenas the same run peaks 150 MB higher), so its memory is its own.
 */
export async function startBenchServerProcess(env: Record<string, string> = {}) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/support/serve-bench-app.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2', ...env },
  });
  const address = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  /** The server process's resident memory, read from /proc (Linux). */
  async function memory(): Promise<number> {
    const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  }
  /** Samples the memory every 20 ms from now: `stop()` ends it and answers the highest seen. */
  function samplePeak(from: number) {
    let peak = from;
    const sampler = setInterval(() => {
      void memory().then((now) => {
        peak = Math.max(peak, now);
      });
    }, 20);
    return {
      stop(): number {
        clearInterval(sampler);
        return peak;
      },
    };
  }
  return { server, address, memory, samplePeak };
}

/** `count` people signed up through the API, each with a family of their own: their session cookie and family. */
export async function peopleWithFamilies(
  address: string,
  count: number,
  label: string,
): Promise<{ cookie: string; familyId: string }[]> {
  const accounts: { cookie: string; familyId: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const unique = `${Date.now().toString(36)}${index}`;
    const signup = await fetch(`${address}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `${label}_${unique}`,
        email: `${label}.${unique}@example.com`,
        password: `bench-${label}-1`,
        confirmPassword: `bench-${label}-1`,
      }),
    });
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
    const family = await fetch(`${address}/api/families`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: `Bench family ${index}` }),
    });
    accounts.push({ cookie, familyId: ((await family.json()) as { id: string }).id });
  }
  return accounts;
}
