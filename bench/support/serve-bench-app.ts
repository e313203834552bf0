/**
 * The bench app in a process of its own, so a benchmark can measure the server's memory apart from its clients':
 * prints `listening <address>` once it is up, and closes everything at SIGTERM.
 */
import { startBenchApp } from './bench-app.ts';

const bench = await startBenchApp();
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
process.once('SIGTERM', () => {
  void bench.close().then(() => process.exit(0));
});
