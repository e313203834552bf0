import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint } from './build-if-changed.ts';

const root = mkdtempSync(join(tmpdir(), 'hearth-build-inputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'pwa/features'), { recursive: true });
writeFileSync(join(root, 'pwa/features/home.tsx'), 'export const home = 1;');
writeFileSync(join(root, 'vite.config.ts'), 'export default {};');
const inputs = ['pwa', 'vite.config.ts', 'missing.json'];

describe('the fingerprint of what the build reads', () => {
  it('stays the same while nothing changes, even when a file is written again unchanged', async () => {
    const before = await fingerprint(root, inputs);
    writeFileSync(join(root, 'pwa/features/home.tsx'), 'export const home = 1;');
    expect(await fingerprint(root, inputs)).toBe(before);
  });

  it('changes when a source changes, appears or is renamed, but not for a test', async () => {
    const seen = new Set([await fingerprint(root, inputs)]);
    writeFileSync(join(root, 'pwa/features/home.tsx'), 'export const home = 2;');
    seen.add(await fingerprint(root, inputs));
    writeFileSync(join(root, 'pwa/features/chat.tsx'), 'export const chat = 1;');
    seen.add(await fingerprint(root, inputs));
    expect(seen.size).toBe(3);
    writeFileSync(join(root, 'pwa/features/chat.test.tsx'), 'it();');
    expect(seen.has(await fingerprint(root, inputs))).toBe(true);
  });
});
