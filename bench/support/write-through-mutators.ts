/**
 * Writing a benchmark's large data set fast: each mutation runs through the server's own mutator (the rows, versions,
 * tombstones and notifications a push makes), in the benchmark's process and many to a transaction, instead of one
 * HTTP request, session check and commit each through the push API, which managed 8–10 writes a second on a loaded
 * machine. Nobody is poked: no device is open while a benchmark sets up.
 */
import { connect } from '../../sync-server/database.ts';
import { prepareMutation } from '../../sync-server/mutators/index.ts';

const mutationsPerTransaction = 500;

/** Writes every mutation as `userId`, in order; throws at the first one refused, naming it. */
export async function writeThroughMutators(
  databaseUrl: string,
  userId: string,
  mutations: { name: string; args: unknown }[],
): Promise<void> {
  const sql = connect(databaseUrl, 1);
  try {
    for (let start = 0; start < mutations.length; start += mutationsPerTransaction) {
      await sql.begin(async (tx) => {
        for (const { name, args } of mutations.slice(start, start + mutationsPerTransaction)) {
          const prepared = prepareMutation(name, args);
          if ('invalid' in prepared) throw new Error(`${name} is invalid: ${prepared.invalid}`);
          const now = new Date();
          try {
            await prepared.run(tx, { userId, now, writtenAt: now });
          } catch (error) {
            throw new Error(`${name} ${JSON.stringify(args)} failed`, { cause: error });
          }
        }
      });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
