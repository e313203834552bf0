/** `npm run bench`: every benchmark in bench/, one after another, each printing its figures. */
import { spawnSync } from 'node:child_process';

const benchmarks = [
  'bench/budget.ts',
  'bench/auth-timing.ts',
  'bench/push-throughput.ts',
  'bench/api-reads.ts',
  'bench/lighthouse.ts',
  'bench/device-sync.ts',
  'bench/live.ts',
  'bench/offline-start.ts',
  'bench/first-sync.ts',
  'bench/rebase.ts',
  'bench/growth.ts',
  'bench/nemesis.ts',
  'bench/hostile-probe.ts',
  'bench/slow-clients.ts',
  'bench/photos.ts',
  'bench/voice.ts',
  'bench/voice-delivery.ts',
  'bench/calendar.ts',
  'bench/events-render.ts',
  'bench/memories.ts',
  'bench/frame.ts',
  'bench/chat.ts',
  'bench/notifications.ts',
  'bench/export.ts',
  'bench/reads-side-by-side.ts',
  'bench/serializers.ts',
  'bench/durable-writes.ts',
];

let failures = 0;
for (const script of benchmarks) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) failures += 1;
}
process.exitCode = failures === 0 ? 0 : 1;
