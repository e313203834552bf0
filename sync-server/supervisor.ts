/**
 * `npm start` runs the server through this: whenever the server stops on its own after it has served (a failure it
 * could not survive, docs/decisions/0033), it is started again, and the log says so. A server that stops before it
 * ever served (a wrong setting, the database out of reach at launch) is not: this stops with it, as it did. Signals
 * are passed on as they come (a second Ctrl-C still means "now"), and this ends with the server.
 *
 * node --import tsx sync-server/supervisor.ts sync-server/server.ts
 */
import { fork, type ChildProcess } from 'node:child_process';

const entry = process.argv[2];
if (!entry) throw new Error('Usage: supervisor.ts <server entry point>');

/** The wait before starting again: longer each time the server did not last a minute, up to 30 s. */
const firstDelayMs = 1000;
const longestDelayMs = 30_000;
const steadyMs = 60_000;

let server: ChildProcess;
let servedOnce = false;
let stopping = false;
let delayMs = firstDelayMs;

function start(): void {
  const startedAt = Date.now();
  // Its own process group: a Ctrl-C in the terminal reaches only this, which passes it on once.
  server = fork(entry!, process.argv.slice(3), { detached: true });
  server.on('message', (message) => {
    if (message === 'serving') servedOnce = true;
  });
  server.on('exit', (code, signal) => {
    if (stopping || !servedOnce) {
      process.exitCode = code ?? 1;
      return;
    }
    if (Date.now() - startedAt >= steadyMs) delayMs = firstDelayMs;
    const how = signal ? `by ${signal}` : `with exit code ${code}`;
    console.error(`Hearth stopped unexpectedly (${how}); starting it again in ${delayMs / 1000} s`);
    setTimeout(start, delayMs);
    delayMs = Math.min(delayMs * 2, longestDelayMs);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
start();
