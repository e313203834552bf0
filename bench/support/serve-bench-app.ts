/**
 * The bench app in a process of its own, so a benchmark can measure the server's memory apart from its clients':
 * prints `listening <address>` once it is up, and closes everything at SIGTERM. `DATA_DIR` in its environment puts
 * its files where the benchmark can look at them.
 */
import { startBenchApp } from './bench-app.ts';

const bench = await startBenchApp({ env: process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {} });
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
process.once('SIGTERM', () => {
  void bench.close().then(() => process.exit(0));
});
