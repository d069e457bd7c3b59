// What a lake range costs before it is fetched (estimateRange), where a lake begins and ends
// (lakeBounds) and the ledger of a moment (ledgerAtTime), all by requests of computed keys (no
// listing), and the sentences the scan says a bad object with (scan.ts).
import { batchHead, batchOf, decodeBatch, decompressBatch, LakeError, objectKey } from './layout';
import { folderKeys, folderOf, LakeObjectError, type OpenedLake } from './open';

export const count = (n: number) => n.toLocaleString('en-US');

/** The sentence of a bad object: "ledger 1,234 (FFFFFB2D--1234.xdr.zst): what is wrong". */
export function badLedger(ledger: number, key: string, detail: string): LakeError {
  // The layout's sentences begin with the key: it is said once, in the parentheses.
  const said = detail.startsWith(key) ? detail.slice(key.length).replace(/^:?\s*/, '') : detail;
  return new LakeError(`ledger ${count(ledger)} (${key}): ${said}`);
}

export function checkRange(lake: OpenedLake, from: number, to: number): void {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff)
      throw new LakeError(`The range's ${name} (${value}) is not a ledger number`);
  if (from > to)
    throw new LakeError(`The range ${count(from)}–${count(to)} is empty: its first ledger is after its last`);
  void lake;
}

/** The objects that hold ledgers `from` to `to`: each one's first ledger. */
export function batchStarts(lake: OpenedLake, from: number, to: number): { first: number; files: number } {
  const per = lake.config.ledgersPerBatch;
  const first = batchOf(from, lake.config).start;
  return { first, files: Math.floor((batchOf(to, lake.config).start - first) / per) + 1 };
}

/** How many objects the range will be fetched as, and their estimated bytes from sampled sizes (HEAD / stat). */
export async function estimateRange(
  lake: OpenedLake,
  from: number,
  to: number,
  signal?: AbortSignal,
  samples = 8,
): Promise<{ files: number; requests: number; bytes: number; sampled: number }> {
  checkRange(lake, from, to);
  const { first, files } = batchStarts(lake, from, to);
  const per = lake.config.ledgersPerBatch;
  const picks = new Set<number>();
  const n = Math.min(samples, files);
  for (let i = 0; i < n; i++) picks.add(n === 1 ? 0 : Math.round((i * (files - 1)) / (n - 1)));
  const sizes = await Promise.all(
    [...picks].map((index) => lake.size(objectKey(first + index * per, lake.config, lake.extension), signal)),
  );
  const found = sizes.filter((size): size is number => size !== null);
  const mean = found.length === 0 ? 0 : found.reduce((a, b) => a + b, 0) / found.length;
  return { files, requests: files, bytes: Math.round(mean * files), sampled: found.length };
}

/**
 * The first and last ledger the lake holds, by existence probes of computed keys (no listing):
 * from a ledger it holds (`near`; else, for a folder, its directory's first and last names; else
 * genesis, ledger 2), outward by doubling steps, then by halves. The lake is taken to be whole
 * between them (a gap inside is found by the scan, by name).
 */
export async function lakeBounds(
  lake: OpenedLake,
  signal?: AbortSignal,
  near?: number,
): Promise<{ first: number; last: number }> {
  const per = lake.config.ledgersPerBatch;
  const most = Math.floor(0xffff_ffff / per);
  const has = async (batch: number) =>
    (await lake.size(objectKey(batch * per, lake.config, lake.extension), signal)) !== null;
  let low: number;
  let high: number;
  const folder = folderOf(lake);
  if (near !== undefined) {
    const batch = Math.floor(near / per);
    if (!(await has(batch)))
      throw new LakeError(`${lake.where} has no object for ledger ${count(near)}, given as one it holds`);
    low = high = batch;
  } else if (folder) {
    const batches = (await folderKeys(folder))
      .map((key) => /([0-9A-F]{8})--(\d+)(?:-\d+)?\.xdr\.zstd?$/.exec(key))
      .filter((match) => match !== null)
      .map((match) => Math.floor(Number(match[2]) / per));
    if (batches.length === 0) throw new LakeError(`${lake.where} holds no ledger objects`);
    low = Math.min(...batches);
    high = Math.max(...batches);
  } else {
    const genesis = Math.floor(2 / per);
    if (!(await has(genesis)))
      throw new LakeError(
        `${lake.where} has no object for ledger 2 (genesis): give a ledger the lake holds to find its bounds from`,
      );
    low = high = genesis;
  }
  const edge = async (from: number, step: 1 | -1) => {
    // Doubling steps until an absent batch, then halves between the last present and it.
    let present = from;
    let gap = 1;
    let absent: number | null = null;
    for (let i = 0; i < 40; i++) {
      const at = present + step * gap;
      if (at < 0 || at > most) {
        absent = step > 0 ? most + 1 : -1;
        break;
      }
      if (await has(at)) {
        present = at;
        gap *= 2;
      } else {
        absent = at;
        break;
      }
    }
    if (absent === null) throw new LakeError(`${lake.where}: its bounds were not found in 40 probes`);
    while (Math.abs(absent - present) > 1) {
      const middle = Math.floor((absent + present) / 2);
      if (await has(middle)) present = middle;
      else absent = middle;
    }
    return present;
  };
  const firstBatch = await edge(low, -1);
  const lastBatch = await edge(high, 1);
  const lastEnd = batchOf(lastBatch * per, lake.config).end;
  return { first: firstBatch * per, last: lastEnd };
}

/** A ledger's object fetched and its head read (a gap or a bad object said by ledger and key). */
async function headOf(lake: OpenedLake, ledger: number, signal?: AbortSignal) {
  let key = objectKey(ledger, lake.config, lake.extension);
  let bytes: Uint8Array | null;
  try {
    bytes = await lake.get(key, signal);
  } catch (error) {
    throw error instanceof LakeObjectError ? badLedger(ledger, key, error.detail) : error;
  }
  key = objectKey(ledger, lake.config, lake.extension);
  if (bytes === null) throw badLedger(ledger, key, `missing from the lake (${lake.where} has no such object): a gap`);
  try {
    const raw = decompressBatch(bytes, key);
    return { raw, key, head: batchHead(raw, ledger, lake.config, key) };
  } catch (error) {
    throw badLedger(ledger, key, (error as Error).message);
  }
}

/**
 * The first ledger within `bounds` that closed at or after `unixSeconds` (bounds.last when none
 * did), by halves over the objects' first close times (a head each; one batch of several ledgers
 * is decoded at the end to find the ledger inside it).
 */
export async function ledgerAtTime(
  lake: OpenedLake,
  unixSeconds: number,
  bounds: { first: number; last: number },
  signal?: AbortSignal,
): Promise<number> {
  const per = lake.config.ledgersPerBatch;
  let low = Math.floor(bounds.first / per);
  let high = Math.floor(bounds.last / per);
  const closeOf = async (batch: number) =>
    (await headOf(lake, Math.max(batch * per, bounds.first), signal)).head.firstCloseTime;
  if ((await closeOf(low)) >= unixSeconds) return bounds.first;
  // Invariant: batch `low` begins before the time; find the last batch that does.
  for (let i = 0; i < 64 && low < high; i++) {
    const middle = Math.ceil((low + high) / 2);
    if ((await closeOf(middle)) < unixSeconds) low = middle;
    else high = middle - 1;
  }
  const start = Math.max(low * per, bounds.first);
  if (per === 1) return Math.min(start + 1, bounds.last);
  const { raw, key } = await headOf(lake, start, signal);
  const metas = decodeBatch(raw, start, lake.config, key);
  const firstOfBatch = batchOf(start, lake.config).start;
  for (const [index, meta] of metas.entries()) {
    const ledger = firstOfBatch + index;
    if (ledger < bounds.first) continue;
    if (Number(meta.value().ledgerHeader().header().scpValue().closeTime().toString()) >= unixSeconds)
      return Math.min(ledger, bounds.last);
  }
  return Math.min(batchOf(start, lake.config).end + 1, bounds.last);
}
