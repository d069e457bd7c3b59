// The layer table of docs/design.md ("Layout") as one lint rule: which top-level folder may import
// which. An import is resolved against the importing file before it is judged, so a folder of the
// same name inside another (core/networks.ts, a core/network/ folder) is never taken for the
// top-level one, however deep the file. Type imports count too: a layer that may not load another
// does not borrow its types either. eslint.config.js applies it; test/unit/lint-config.test.ts
// shows each forbidden direction refused.
import { dirname, relative, resolve, sep } from 'node:path';

/** The app core's one entry: outside core/, only this is imported (docs/design.md). */
const CORE_ENTRY = new Set(['core', 'core/index', 'core/index.ts', 'core/index.js']);

/**
 * Each folder: the top-level folders it never imports, and whether it may import the core's entry
 * (where core/ is not forbidden outright, only its inner files are).
 */
export const LAYERS = {
  shared: { forbid: ['core', 'cli', 'electron', 'renderer', 'network'] },
  core: { forbid: ['network', 'electron', 'renderer', 'cli'] },
  network: { forbid: ['core', 'electron', 'renderer', 'cli'] },
  renderer: { forbid: ['core', 'electron', 'cli', 'network'] },
  cli: { forbid: ['electron', 'renderer', 'network'], coreEntryOnly: true },
  electron: { forbid: ['renderer', 'cli', 'network'], coreEntryOnly: true },
};

const WHY = {
  core: 'the app core (docs/design.md "Layout")',
  network: 'the local network, its own processes, speaking only HTTP to the app',
  electron: 'the Electron host',
  renderer: 'the page, reached only through the bridge',
  cli: 'the command line',
};

/** The import's path from the repository root ("core/dispatch"), or null for a package or a path outside it. */
function fromRoot(root, file, source) {
  if (!source.startsWith('.')) return null;
  const path = relative(root, resolve(dirname(file), source))
    .split(sep)
    .join('/');
  return path.startsWith('..') ? null : path;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'The layer table of docs/design.md: which top-level folder may import which.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = relative(root, file).split(sep)[0];
    const layer = LAYERS[from];
    if (!layer) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = fromRoot(root, file, source.value);
      if (target === null) return;
      const top = target.split('/')[0];
      if (layer.forbid.includes(top))
        context.report({
          node: source,
          message: `${from}/ never imports ${top}/ (${WHY[top]}): docs/design.md's layer table.`,
        });
      else if (top === 'core' && layer.coreEntryOnly && !CORE_ENTRY.has(target))
        context.report({
          node: source,
          message: `Import the app core through its entry (core/index.ts), not its inner files (docs/design.md).`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { imports: rule } };
