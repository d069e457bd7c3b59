// The history index worker starts on first use, and a sync or a query waits for it: its module
// graph must stay small. Through listings.ts or normalize.ts it once loaded @stellar/stellar-base
// and zod (a 1.7 MB bundle, about 140 ms to start bundled and 400 ms under tsx, against 35 and
// 130 without them). Bundled here as scripts/build.mjs bundles it, with esbuild's list of inputs.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function workerInputs(): Promise<{ inputs: string[]; bytes: number }> {
  const result = await build({
    entryPoints: ['core/history-index/worker-thread/worker.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outfile: 'history-worker.mjs',
    logLevel: 'silent',
  });
  return { inputs: Object.keys(result.metafile.inputs), bytes: result.outputFiles[0]!.contents.length };
}

describe('the history worker module graph', () => {
  it('loads neither the XDR library nor the schema library, nor the listing and model code', async () => {
    const { inputs, bytes } = await workerInputs();
    const heavy = inputs.filter((path) => /node_modules\/(@stellar\/|zod\/|fastify\/|react)/.test(path));
    expect(heavy).toEqual([]);
    for (const module of [
      'core/sources/horizon/listings.ts',
      'core/sources/horizon/normalize.ts',
      'shared/model.ts',
      'shared/history.ts',
    ]) {
      expect(inputs).not.toContain(module);
    }
    expect(inputs).toContain('core/history-index/worker-thread/extract.ts');
    expect(bytes).toBeLessThan(200_000);
  });
});
