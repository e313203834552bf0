import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { handleUnhandledFailures } from './process-failures.ts';

describe('a failure nobody handled', () => {
  const logged: { level: string; message: string }[] = [];
  let stops = 0;
  const remove = handleUnhandledFailures(
    {
      warn: (_report, message) => logged.push({ level: 'warn', message }),
      fatal: (_report, message) => logged.push({ level: 'fatal', message }),
    },
    () => (stops += 1),
  );
  afterEach(() => {
    logged.length = 0;
    stops = 0;
  });

  // Emitted as the process would, without a real rejection for the test runner to see.
  const reject = (reason: unknown) => process.emit('unhandledRejection', reason, Promise.resolve());

  it('is survived when it only says a database session ended, and logged', () => {
    reject(Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }));
    reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }));
    reject(
      new postgres.PostgresError({
        message: 'terminating connection due to administrator command',
        severity: 'FATAL',
        code: '57P01',
      } as never),
    );
    expect(stops).toBe(0);
    expect(logged.map((entry) => entry.level)).toEqual(['warn', 'warn', 'warn']);
  });

  it('stops the server when it is anything else, a database error of a statement included', () => {
    reject(new TypeError("Cannot read properties of null (reading 'write')"));
    reject(new postgres.PostgresError({ message: 'deadlock detected', severity: 'ERROR', code: '40P01' } as never));
    process.emit('uncaughtException', new Error('a bug'));
    expect(stops).toBe(3);
    expect(logged.map((entry) => entry.message)).toEqual([
      'unhandled rejection: stopping',
      'unhandled rejection: stopping',
      'uncaught exception: stopping',
    ]);
  });

  it('takes its handlers away', () => {
    const rejections = process.listenerCount('unhandledRejection');
    const exceptions = process.listenerCount('uncaughtException');
    remove();
    expect(process.listenerCount('unhandledRejection')).toBe(rejections - 1);
    expect(process.listenerCount('uncaughtException')).toBe(exceptions - 1);
  });
});
