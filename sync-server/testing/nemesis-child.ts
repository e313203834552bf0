/**
 * One nemesis run in a process of its own (planted-bugs.ts runs it on a copy of the source with a bug planted):
 * options as JSON in the first argument, the report as one line of JSON on standard output.
 */
import 'fake-indexeddb/auto';
import { runNemesis, type NemesisOptions } from './nemesis.ts';

// Quiet: the engine warns on each failed sync, and the nemesis makes many fail on purpose.
console.warn = () => {};
const options = JSON.parse(process.argv[2] ?? '{}') as NemesisOptions;
const report = await runNemesis(options);
process.stdout.write(`\n${JSON.stringify(report)}\n`);
