import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.ts';

describe('import cycles', () => {
  it('the project has none, of any kind', () => {
    expect(findImportCycles()).toEqual([]);
  });

  describe('a planted cycle', () => {
    let root = '';
    const plant = async (files: Record<string, string>) => {
      root = await mkdtemp(join(tmpdir(), 'import-cycles-'));
      await mkdir(join(root, 'schema', 'deep'), { recursive: true });
      for (const [path, text] of Object.entries(files)) await writeFile(join(root, 'schema', path), text);
      return findImportCycles(root, ['schema']);
    };
    afterEach(() => rm(root, { recursive: true, force: true }));

    it('is found when its imports run, and named by the shortest way round', async () => {
      const cycles = await plant({
        'a.ts': "import { b } from './deep/b.ts';\nexport const a = 1;\n",
        'deep/b.ts': "import {\n  c,\n  type C,\n} from '../c.ts';\nexport const b = 2;\n",
        'c.ts': "export { a } from './a.ts';\nexport type C = 3;\n",
        'outside.ts': "import { a } from './a.ts';\n",
      });
      expect(cycles).toEqual([{ files: ['schema/a.ts', 'schema/deep/b.ts', 'schema/c.ts'], kind: 'run-time' }]);
    });

    it('is found when one side only names types', async () => {
      const cycles = await plant({
        'a.ts': "import { type B } from './b.ts';\nexport const a = 1;\n",
        'b.ts': "import { a } from './a.ts';\nexport type B = typeof a;\n",
      });
      expect(cycles).toEqual([{ files: ['schema/a.ts', 'schema/b.ts'], kind: 'type-only' }]);
    });

    it('is found when one side loads the other through import()', async () => {
      const cycles = await plant({
        'a.ts': "export const later = () => import('./b.ts');\n",
        'b.ts': "import type { Later } from './c.ts';\nimport { later } from './a.ts';\n",
        'c.ts': "export type Later = 1;\n",
      });
      expect(cycles).toEqual([{ files: ['schema/a.ts', 'schema/b.ts'], kind: 'lazy' }]);
    });
  });
});
