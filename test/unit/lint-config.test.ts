// The process boundaries of docs/design.md are enforced by the lint step of `npm test`: these cases
// show that a violation is an error (so `npm test` fails), and that the allowed places stay clean.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it.each(['electron/core/http-client.ts', 'shared/model.ts', 'network/core/apply.ts', 'cli/main.ts'])(
    'an electron import in %s is an error',
    async (file) => {
      const found = await errors(file, "import { app } from 'electron';\nexport const name = app.getName();\n");
      expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
    },
  );

  it('a require-free dynamic import of electron is caught too', async () => {
    const found = await errors('electron/core/x.ts', "export { ipcMain } from 'electron';\n");
    expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  it.each([
    ['shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"],
    ['shared/x.ts', "import { join } from 'path';\nexport const j = join;\n"],
    ['renderer/src/x.ts', "import { createHash } from 'node:crypto';\nexport const h = createHash;\n"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n"],
  ])('a Node built-in or electron in page code (%s) is an error', async (file, code) => {
    const found = await errors(file, code);
    expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  it('electron stays allowed in the thin Electron layer, Node built-ins in Node code', async () => {
    expect(await errors('electron/main.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
    expect(await errors('electron/core/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n")).toEqual([]);
    expect(await errors('network/x.ts', "import { DatabaseSync } from 'node:sqlite';\nexport const d = DatabaseSync;\n")).toEqual([]);
  });
});
