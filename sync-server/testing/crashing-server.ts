/**
 * A stand-in server for supervisor.test.ts. With FAIL_AT_START it stops before serving, as a wrong setting would.
 * Otherwise it serves, and the first time (no file at CRASHED_ONCE yet) fails as a bug would; the next time it
 * keeps serving until SIGTERM (and in any case no longer than 30 s, should a test leave it behind).
 */
import { existsSync, writeFileSync } from 'node:fs';

if (process.env.FAIL_AT_START) process.exit(1);
process.send?.('serving');
process.channel?.unref();
const crashedOnce = process.env.CRASHED_ONCE!;
if (!existsSync(crashedOnce)) {
  writeFileSync(crashedOnce, '');
  setImmediate(() => {
    throw new Error('a bug nobody handled');
  });
} else {
  // Ready for SIGTERM before saying so: the test stops the supervisor the moment it reads the line.
  process.on('SIGTERM', () => process.exit(0));
  setTimeout(() => process.exit(0), 30_000);
  console.log('serving again');
}
