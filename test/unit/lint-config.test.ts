// The process boundaries of docs/design.md and issue #11's size limits are enforced by the lint
// step of `npm test`: these cases show that a violation is an error (so `npm test` fails), and that
// the allowed places stay clean.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it.each(['core/http-client.ts', 'shared/model.ts', 'network/validator/apply.ts', 'cli/main.ts'])(
    'an electron import in %s is an error',
    async (file) => {
      const found = await errors(file, "import { app } from 'electron';\nexport const name = app.getName();\n");
      expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
    },
  );

  it('a require-free dynamic import of electron is caught too', async () => {
    const found = await errors('core/x.ts', "export { ipcMain } from 'electron';\n");
    expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  it.each([
    ['shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"],
    ['shared/x.ts', "import { join } from 'path';\nexport const j = join;\n"],
    ['renderer/src/x.ts', "import { createHash } from 'node:crypto';\nexport const h = createHash;\n"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n"],
    ['renderer/src/x.ts', "import { StrKey } from '@stellar/stellar-base';\nexport const s = StrKey;\n"],
    ['shared/x.ts', "import { StrKey } from '@stellar/stellar-base';\nexport const s = StrKey;\n"],
  ])('a Node built-in, electron or the XDR library in page code (%s) is an error', async (file, code) => {
    const found = await errors(file, code);
    expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  it.each([
    ['core/x.ts', "export const get = () => fetch('http://127.0.0.1/');\n", 'no-restricted-globals'],
    ['cli/x.ts', "export const get = () => fetch('http://127.0.0.1/');\n", 'no-restricted-globals'],
    ['core/x.ts', "import http from 'node:http';\nexport const get = http.get;\n", 'no-restricted-imports'],
    [
      'core/x.ts',
      "import { EventSource } from 'eventsource';\nexport const E = EventSource;\n",
      'no-restricted-imports',
    ],
  ])('a request beside the one HTTP stack in %s is an error', async (file, code, rule) => {
    expect((await errors(file, code)).some((m) => m.startsWith(rule))).toBe(true);
  });

  it('the one HTTP stack itself uses node:http, and a method named fetch is no global', async () => {
    expect(
      await errors('core/http/http-node.ts', "import http from 'node:http';\nexport const get = http.get;\n"),
    ).toEqual([]);
    expect(await errors('core/x.ts', 'export const f = (o: { fetch(): void }) => o.fetch();\n')).toEqual([]);
  });

  it('electron stays allowed in the thin Electron layer, Node built-ins in Node code', async () => {
    expect(await errors('electron/main.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
    expect(
      await errors('core/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"),
    ).toEqual([]);
    expect(
      await errors('network/x.ts', "import { DatabaseSync } from 'node:sqlite';\nexport const d = DatabaseSync;\n"),
    ).toEqual([]);
    expect(
      await errors('core/x.ts', "import { StrKey } from '@stellar/stellar-base';\nexport const s = StrKey;\n"),
    ).toEqual([]);
  });
});

// The app core is a package (docs/design.md "Layout"): outside it only its entry is imported; it
// imports nothing of the hosts or the command line; the history index's threads stay apart.
describe('lint: the core is a package', () => {
  // The import rules: no-restricted-imports (packages, and the history index's threads) and the layer table's (layers/imports).
  const restricted = (found: string[]) => found.filter((m) => /no-restricted-imports|layers\/imports/.test(m));

  it.each([
    ['cli/x.ts', "import { dispatch } from '../core/dispatch';\nexport const d = dispatch;\n"],
    ['electron/x.ts', "import { dispatch } from '../core/dispatch';\nexport const d = dispatch;\n"],
    ['electron/ipc/x.ts', "import type { Dispatch } from '../../core/app/dispatch';\nexport type D = Dispatch;\n"],
    ['electron/web-x.ts', "import { dispatch } from '../core/dispatch';\nexport const d = dispatch;\n"],
    ['network/x.ts', "import { dispatch } from '../core/dispatch';\nexport const d = dispatch;\n"],
  ])('an inner core file imported from %s is an error', async (file, code) => {
    expect(restricted(await errors(file, code))).toHaveLength(1);
  });

  it.each(['cli/x.ts', 'electron/x.ts', 'electron/web-x.ts'])('the entry imported from %s is allowed', async (file) => {
    expect(
      await errors(file, "import { createDispatcher } from '../core';\nexport const c = createDispatcher;\n"),
    ).toEqual([]);
  });

  it('the renderer imports no core at all, not even its entry', async () => {
    expect(
      restricted(
        await errors(
          'renderer/src/x.ts',
          "import { createDispatcher } from '../../core';\nexport const c = createDispatcher;\n",
        ),
      ),
    ).toHaveLength(1);
  });

  it.each([
    ['core/x.ts', "import { app } from '../electron/main';\nexport const a = app;\n"],
    ['core/handlers/x.ts', "import { USAGE } from '../../cli/args';\nexport const u = USAGE;\n"],
    ['core/x.ts', "import { store } from '../renderer/src/lib/store';\nexport const s = store;\n"],
  ])('the core importing the hosts or the command line (%s) is an error', async (file, code) => {
    expect(restricted(await errors(file, code))).toHaveLength(1);
  });

  it('the web host and the content policy may not import electron; the window may', async () => {
    expect(
      restricted(await errors('electron/web-host.ts', "import { app } from 'electron';\nexport const a = app;\n")),
    ).toHaveLength(1);
    expect(
      restricted(
        await errors('electron/content-policy.ts', "import { app } from 'electron';\nexport const a = app;\n"),
      ),
    ).toHaveLength(1);
    expect(await errors('electron/window.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
  });

  it('a worker-thread file of the history index never imports a main-thread file, not even a type', async () => {
    const file = 'core/history-index/worker-thread/x.ts';
    expect(
      restricted(await errors(file, "import { sync } from '../main-thread/sync';\nexport const s = sync;\n")),
    ).toHaveLength(1);
    expect(
      restricted(await errors(file, "import type { Sync } from '../main-thread/sync';\nexport type S = Sync;\n")),
    ).toHaveLength(1);
    expect(await errors(file, "import type { HistoryOp } from '../protocol';\nexport type H = HistoryOp;\n")).toEqual(
      [],
    );
  });

  it('the main thread imports nothing of the worker thread, not even a type: the types are in protocol.ts', async () => {
    const file = 'core/history-index/main-thread/x.ts';
    expect(
      restricted(
        await errors(file, "import { openIndex } from '../worker-thread/schema';\nexport const o = openIndex;\n"),
      ),
    ).toHaveLength(1);
    // Issue #35: a type from a worker file was allowed; the messages' types live in protocol.ts.
    for (const at of [file, 'core/history-index/protocol.ts'])
      expect(
        restricted(
          await errors(
            at,
            `import type { AccountMeta } from '${at.includes('main-thread') ? '..' : '.'}/worker-thread/account-meta';\nexport type A = AccountMeta;\n`,
          ),
        ),
      ).toHaveLength(1);
    expect(
      await errors(file, "import type { AccountMeta } from '../protocol';\nexport type A = AccountMeta;\n"),
    ).toEqual([]);
  });

  it('core/conventions reaches a network through core/http only: not a source, the app or a handler (issue 40)', async () => {
    const file = 'core/conventions/x.ts';
    for (const from of [
      '../sources/source',
      '../sources/horizon/resources',
      '../app/context',
      '../app/errors-x',
      '../handlers/app',
    ])
      expect(
        restricted(await errors(file, `import type { X } from '${from}';\nexport type Y = X;\n`)),
        from,
      ).toHaveLength(1);
    // What the main thread refuses everywhere still holds here.
    expect(
      restricted(
        await errors(file, "import type { A } from '../history-index/worker-thread/a';\nexport type B = A;\n"),
      ),
    ).toHaveLength(1);
    for (const from of ['../http/http', '../app/errors', '../../shared/ids', '@stellar/stellar-base'])
      expect(await errors(file, `import type { X } from '${from}';\nexport type Y = X;\n`), from).toEqual([]);
  });

  it("the core's other files are the main thread too: its entry imports nothing of worker-thread/", async () => {
    expect(
      restricted(
        await errors(
          'core/index.ts',
          "export { historyNdjsonRow } from './history-index/worker-thread/export-file';\n",
        ),
      ),
    ).toHaveLength(1);
    expect(await errors('core/index.ts', "export { historyNdjsonRow } from './history-index/ndjson-row';\n")).toEqual(
      [],
    );
  });
});

// The layer table of docs/design.md ("Layout"), row by row (issue #35): each folder importing a
// folder its row does not allow is refused, whatever the file's depth; what the row allows passes.
// An import resolves against its file: a folder of the same name inside another is not the layer.
describe('lint: the layer table', () => {
  const layerErrors = async (file: string, from: string) =>
    (await errors(file, `import { x } from '${from}';\nexport const y = x;\n`)).filter((m) =>
      m.startsWith('layers/imports'),
    );

  it.each([
    [
      'shared/x.ts',
      ['../core', '../core/dispatch', '../cli/args', '../electron/main', '../renderer/src/x', '../network/cli'],
    ],
    ['shared/model/x.ts', ['../../core/errors', '../../network/store/x']],
  ])('shared/ (%s) imports none of core/, cli/, electron/, renderer/ or network/', async (file, targets) => {
    for (const target of targets) expect(await layerErrors(file, target), target).toHaveLength(1);
  });

  it.each([
    [
      'core/x.ts',
      ['../network/cli', '../network/store/schema', '../electron/main', '../renderer/src/x', '../cli/args'],
    ],
    ['core/history-index/main-thread/x.ts', ['../../../network/service/listing', '../../../cli/main']],
  ])('core/ (%s) imports none of network/, electron/, renderer/ or cli/', async (file, targets) => {
    for (const target of targets) expect(await layerErrors(file, target), target).toHaveLength(1);
  });

  it.each([
    [
      'network/x.ts',
      ['../core', '../core/index', '../core/errors', '../electron/main', '../renderer/src/x', '../cli/args'],
    ],
    ['network/service/x.ts', ['../../core', '../../electron/web-host']],
  ])(
    'network/ (%s) imports none of core/ (not even its entry), electron/, renderer/ or cli/',
    async (file, targets) => {
      for (const target of targets) expect(await layerErrors(file, target), target).toHaveLength(1);
    },
  );

  it('renderer/ imports none of core/, electron/, cli/ or network/', async () => {
    for (const target of ['../../core', '../../electron/preload', '../../cli/args', '../../network/cli'])
      expect(await layerErrors('renderer/src/x.ts', target), target).toHaveLength(1);
  });

  it('cli/ imports none of electron/, renderer/ or network/, and of core/ only its entry', async () => {
    for (const target of ['../core/dispatch', '../electron/main', '../renderer/src/x', '../network/cli'])
      expect(await layerErrors('cli/x.ts', target), target).toHaveLength(1);
  });

  it('electron/ imports none of renderer/, cli/ or network/, and of core/ only its entry', async () => {
    for (const [file, target] of [
      ['electron/x.ts', '../core/dispatch'],
      ['electron/ipc/x.ts', '../../renderer/src/lib/bridge'],
      ['electron/web-x.ts', '../cli/args'],
      ['electron/x.ts', '../network/cli'],
    ] as const)
      expect(await layerErrors(file, target), target).toHaveLength(1);
  });

  it('what each row allows passes: shared/ from anywhere, the core entry from the hosts, a same-named folder inside core/', async () => {
    for (const [file, target] of [
      ['core/x.ts', '../shared/model'],
      ['network/service/x.ts', '../../shared/json'],
      ['renderer/src/x.ts', '../../shared/ids'],
      ['cli/x.ts', '../core'],
      ['electron/x.ts', '../core/index'],
      ['shared/model/x.ts', '../amount'],
      // core/network/ and core/cli/ would be the core's own folders, not the top-level ones.
      ['core/sources/x.ts', '../network/ports'],
      ['core/x.ts', './cli/args'],
      ['test/unit/x.ts', '../../core/dispatch'],
    ] as const)
      expect(await layerErrors(file, target), `${file} → ${target}`).toEqual([]);
  });
});

// Issue #11's size limits: a file of 300 lines and a function of 80 pass, one line more is an error,
// and blank and comment lines count like any other. Tests are exempt.
const SOURCE_DIRS = [
  'shared/x.ts',
  'electron/x.ts',
  'core/x.ts',
  'renderer/src/x.tsx',
  'network/x.ts',
  'cli/x.ts',
  'scripts/x.mjs',
];

/** A module of exactly `lines` lines (a final newline, as editors write): half statements, half blank or comment lines. */
function moduleOf(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) =>
    i % 3 === 0 ? `export const v${i} = ${i};` : i % 3 === 1 ? '' : `// line ${i}`,
  );
  return `${body.join('\n')}\n`;
}

/** A function spanning exactly `lines` lines, its body all blank or comment lines but the return. */
function functionOf(lines: number): string {
  const inner = Array.from({ length: lines - 3 }, (_, i) => (i % 2 === 0 ? '' : `  // step ${i}`));
  return ['export function long(): number {', ...inner, '  return 1;', '}', ''].join('\n');
}

/** A React component spanning exactly `lines` lines of markup. */
function componentOf(lines: number): string {
  const inner = Array.from({ length: lines - 6 }, (_, i) => `      <p>row ${i}</p>`);
  return ['export function Big() {', '  return (', '    <div>', ...inner, '    </div>', '  );', '}', ''].join('\n');
}

function ruleErrors(found: string[], rule: string): string[] {
  return found.filter((message) => message.startsWith(`${rule}:`));
}

describe('lint size limits', () => {
  it.each(SOURCE_DIRS)('a file of 301 lines in %s is an error, one of 300 is not', async (file) => {
    expect(ruleErrors(await errors(file, moduleOf(301)), 'max-lines')).toHaveLength(1);
    expect(ruleErrors(await errors(file, moduleOf(300)), 'max-lines')).toEqual([]);
  });

  it.each(SOURCE_DIRS)('a function of 81 lines in %s is an error, one of 80 is not', async (file) => {
    expect(ruleErrors(await errors(file, functionOf(81)), 'max-lines-per-function')).toHaveLength(1);
    expect(ruleErrors(await errors(file, functionOf(80)), 'max-lines-per-function')).toEqual([]);
  });

  it('a React component of 81 lines is an error, one of 80 is not', async () => {
    expect(ruleErrors(await errors('renderer/src/x.tsx', componentOf(81)), 'max-lines-per-function')).toHaveLength(1);
    expect(ruleErrors(await errors('renderer/src/x.tsx', componentOf(80)), 'max-lines-per-function')).toEqual([]);
  });

  it('tests are exempt from both limits', async () => {
    expect(await errors('test/unit/x.test.ts', moduleOf(400))).toEqual([]);
    expect(await errors('test/unit/x.test.ts', functionOf(120))).toEqual([]);
  });
});
