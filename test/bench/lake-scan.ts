// Benchmark: an account's ledgers scanned from a ledger data lake of pubnet-sized ledgers (issue 39,
// Speed): about 1 MB of XDR and 140 kB compressed a ledger, the account in 1 % of them. From a local
// folder (bound: ≥ 600 ledgers a second on this 2-core machine), and over HTTP through
// latency-proxy.ts at 80 ms and 100 Mbit/s (bound: ≥ 90 % of the link's bandwidth used); for each,
// the process's peak RSS (bound: ≤ 256 MB, the scan's worker threads included) and the main
// thread's event-loop delay p99 (bound: ≤ 20 ms, perf_hooks.monitorEventLoopDelay).
//   node --import tsx test/bench/lake-scan.ts [folder-ledgers=3000] [http-ledgers=1500]
// (WORKERS=n and FETCHES=n set scanLake's workers and fetchesAtOnce instead of its defaults; 0 ledgers
// skips that part. At its peak RSS each scan prints the main thread's heap and memory outside it,
// and with SMAPS=1 the RSS near the peak by kind of mapping, rss-split.ts.)
// The ledgers are generated here with @stellar/stellar-base (payments among a pool of accounts,
// part of each signature random so they compress as pubnet's do), not copied from anywhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';
import { zstdCompressSync } from 'node:zlib';
import { Keypair, TransactionBuilder, StrKey, xdr } from '@stellar/stellar-base';
import { objectKey, type LakeConfig } from '../../core/sources/lake/layout';
import { openLake } from '../../core/sources/lake/open';
import { scanLake } from '../../core/sources/lake/scan';
import { smapsSplit } from './rss-split';

const folderLedgers = Number(process.argv[2]?.startsWith('--') ? 0 : (process.argv[2] ?? 3000));
const httpLedgers = Number(process.argv[3] ?? 1500);
const FIRST = 60_000_000;
/** Payments a ledger: with their results and meta about 1 MB of XDR, as a busy pubnet ledger (63092996: 989 KB). */
const TXES = 3300;
const config: LakeConfig = {
  networkPassphrase: 'Ledgerscope bench ; lake scan',
  version: '1.0',
  compression: 'zstd',
  ledgersPerBatch: 1,
  batchesPerPartition: 64_000,
};
/** The account scanned for: fixed, so the writing process and the scanning one agree. */
const account = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7)).publicKey();
const pool = Array.from({ length: 400 }, () => Keypair.random().rawPublicKey());

/** A payment from `source` (32 key bytes) with a part-random signature, as an envelope. */
function payment(source: Buffer, sequence: number): xdr.TransactionEnvelope {
  const destination = pool[sequence % pool.length]!;
  const tx = new xdr.Transaction({
    sourceAccount: xdr.MuxedAccount.keyTypeEd25519(source),
    fee: 100,
    seqNum: xdr.Int64.fromString(String(BigInt(sequence) * 4096n)),
    cond: xdr.Preconditions.precondNone(),
    memo: xdr.Memo.memoNone(),
    operations: [
      new xdr.Operation({
        sourceAccount: null,
        body: xdr.OperationBody.payment(
          new xdr.PaymentOp({
            destination: xdr.MuxedAccount.keyTypeEd25519(destination),
            asset: xdr.Asset.assetTypeNative(),
            amount: xdr.Int64.fromString(String(1 + (sequence % 99_991) * 7919)),
          }),
        ),
      }),
    ],
    ext: new xdr.TransactionExt(0),
  });
  const signature = Buffer.concat([randomBytes(26), Buffer.alloc(38)]);
  return xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({
      tx,
      signatures: [new xdr.DecoratedSignature({ hint: source.subarray(28), signature })],
    }),
  );
}

/** A payment's result and meta as a ledger records them (one result per envelope, found by its hash). */
function processed(envelope: xdr.TransactionEnvelope): xdr.TransactionResultMeta {
  const hash = TransactionBuilder.fromXDR(envelope, config.networkPassphrase).hash();
  const result = new xdr.TransactionResult({
    feeCharged: xdr.Int64.fromString('100'),
    result: xdr.TransactionResultResult.txSuccess([
      xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentSuccess())),
    ]),
    ext: new xdr.TransactionResultExt(0),
  });
  return new xdr.TransactionResultMeta({
    result: new xdr.TransactionResultPair({ transactionHash: hash, result }),
    feeProcessing: [],
    txApplyProcessing: new xdr.TransactionMeta(
      3,
      new xdr.TransactionMetaV3({
        ext: new xdr.ExtensionPoint(0),
        txChangesBefore: [],
        operations: [new xdr.OperationMeta({ changes: [] })],
        txChangesAfter: [],
        sorobanMeta: null,
      }),
    ),
  });
}

/** One ledger's LedgerCloseMetaBatch XDR, its sequence at `sequenceAt` (to be written per ledger). */
function template(withAccount: boolean): { bytes: Buffer; sequenceAt: number } {
  const txes = Array.from({ length: TXES }, (_, i) =>
    payment(
      withAccount && i === TXES / 2 ? Buffer.from(StrKey.decodeEd25519PublicKey(account)) : pool[i % pool.length]!,
      i,
    ),
  );
  const header = new xdr.LedgerHeader({
    ledgerVersion: 23,
    previousLedgerHash: randomBytes(32),
    scpValue: new xdr.StellarValue({
      txSetHash: randomBytes(32),
      closeTime: xdr.Uint64.fromString('1790000000'),
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash: randomBytes(32),
    bucketListHash: randomBytes(32),
    ledgerSeq: 0x7eadbeef,
    totalCoins: xdr.Int64.fromString('1000000000000000000'),
    feePool: xdr.Int64.fromString('0'),
    inflationSeq: 0,
    idPool: xdr.Uint64.fromString('0'),
    baseFee: 100,
    baseReserve: 5_000_000,
    maxTxSetSize: 5000,
    skipList: [randomBytes(32), randomBytes(32), randomBytes(32), randomBytes(32)],
    ext: new xdr.LedgerHeaderExt(0),
  });
  const meta = new xdr.LedgerCloseMeta(
    0,
    new xdr.LedgerCloseMetaV0({
      ledgerHeader: new xdr.LedgerHeaderHistoryEntry({
        hash: randomBytes(32),
        header,
        ext: new xdr.LedgerHeaderHistoryEntryExt(0),
      }),
      txSet: new xdr.TransactionSet({ previousLedgerHash: randomBytes(32), txes }),
      txProcessing: txes.map(processed),
      upgradesProcessing: [],
      scpInfo: [],
    }),
  );
  const bytes = new xdr.LedgerCloseMetaBatch({ startSequence: 0, endSequence: 0, ledgerCloseMeta: [meta] }).toXDR();
  const sequenceAt = bytes.indexOf(Buffer.from([0x7e, 0xad, 0xbe, 0xef]));
  return { bytes, sequenceAt };
}

/** A lake of `count` ledgers from FIRST, the account in every hundredth; its folder and its bytes. */
function writeLake(root: string, count: number): number {
  writeFileSync(join(root, '.config.json'), JSON.stringify(config));
  const plain = template(false);
  const marked = template(true);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const ledger = FIRST + i;
    const { bytes, sequenceAt } = i % 100 === 50 ? marked : plain;
    bytes.writeUInt32BE(ledger, 0);
    bytes.writeUInt32BE(ledger, 4);
    bytes.writeUInt32BE(ledger, sequenceAt);
    // A little of each ledger its own, so no two objects are the same bytes.
    randomBytes(32).copy(bytes, sequenceAt - 64);
    const object = zstdCompressSync(bytes);
    const path = join(root, objectKey(ledger, config));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, object);
    total += object.length;
  }
  return total;
}

interface Figures {
  ledgers: number;
  seconds: number;
  bytes: number;
  found: number;
  peakRssMb: number;
  p99Ms: number;
  maxMs: number;
  /** The main thread's share of the time busy (event-loop utilization) and the process's CPU seconds (every thread). */
  mainBusy: number;
  cpuSeconds: number;
}

async function measure(where: string, count: number): Promise<Figures> {
  const lake = await openLake(where);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let peak = process.memoryUsage.rss();
  /** The main thread's share at the peak (its heap, and the memory outside it its objects hold) and each one's own peak. */
  let atPeak = process.memoryUsage();
  let split: Record<string, number> = {};
  const most = { heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak) {
      if (now.rss > peak + 4 * 2 ** 20 && process.env.SMAPS) split = smapsSplit();
      [peak, atPeak] = [now.rss, now];
    }
    for (const name of ['heapUsed', 'external', 'arrayBuffers'] as const) most[name] = Math.max(most[name], now[name]);
  }, 20);
  let bytes = 0;
  let found = 0;
  let ledgers = 0;
  delay.enable();
  const elu = perf.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await scanLake(lake, {
    account,
    from: FIRST,
    to: FIRST + count - 1,
    ...(process.env.WORKERS ? { workers: Number(process.env.WORKERS) } : {}),
    ...(process.env.FETCHES ? { fetchesAtOnce: Number(process.env.FETCHES) } : {}),
    onLedgers: async (run) => {
      ledgers += run.length;
      found += run.filter((line) => line.records !== null).length;
    },
    onProgress: (progress) => (bytes = progress.bytes),
  });
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  const mb = (n: number) => (n / 2 ** 20).toFixed(0);
  if (process.env.SMAPS)
    console.log(
      'smaps near peak',
      JSON.stringify(Object.fromEntries(Object.entries(split).map(([k, v]) => [k, Math.round(v)]))),
    );
  console.log(
    `at the peak RSS: main thread heap ${mb(atPeak.heapUsed)} MB used of ${mb(atPeak.heapTotal)}, external ${mb(atPeak.external)} ` +
      `(array buffers ${mb(atPeak.arrayBuffers)}), the rest (workers, code, allocator) ${mb(atPeak.rss - atPeak.heapTotal - atPeak.external)}; ` +
      `main thread's most: heap ${mb(most.heapUsed)}, external ${mb(most.external)}, array buffers ${mb(most.arrayBuffers)}`,
  );
  return {
    ledgers,
    seconds,
    bytes,
    found,
    peakRssMb: peak / 2 ** 20,
    p99Ms: delay.percentile(99) / 1e6,
    maxMs: delay.max / 1e6,
    mainBusy: perf.eventLoopUtilization(elu).utilization,
    cpuSeconds: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu)),
  };
}

/** A child process running `script` (ESM), resolved with the first line it prints; the rest of its output drained. */
async function child(args: string[]): Promise<{ line: string; process: ChildProcess }> {
  const proc = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`${args.join(' ').slice(0, 80)} exited with ${code}`)));
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const at = out.indexOf('\n');
      if (at >= 0) resolve(out.slice(0, at));
    });
  });
  return { line, process: proc };
}

const SERVE = `
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
const root = process.argv[1];
const server = createServer(async (req, res) => {
  const key = decodeURIComponent(new URL(req.url, 'http://x').pathname.slice(1));
  if (key.includes('..')) return res.writeHead(404).end();
  try {
    const bytes = await readFile(join(root, key));
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length }).end(bytes);
  } catch { res.writeHead(404).end(); }
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

const line = (name: string, f: Figures, extra = '') =>
  console.log(
    `${name}: ${f.ledgers} ledgers (${f.found} holding the account) in ${f.seconds.toFixed(2)} s: ` +
      `${Math.round(f.ledgers / f.seconds)} ledgers/s, ${((f.bytes * 8) / f.seconds / 1e6).toFixed(1)} Mbit/s of ` +
      `${(f.bytes / 1e6).toFixed(1)} MB${extra}; peak RSS ${f.peakRssMb.toFixed(0)} MB; event-loop p99 ${f.p99Ms.toFixed(1)} ms (max ${f.maxMs.toFixed(1)}); main thread busy ${(f.mainBusy * 100).toFixed(0)} %, CPU ${f.cpuSeconds.toFixed(1)} s (${((f.cpuSeconds / f.ledgers) * 1000).toFixed(2)} ms a ledger)`,
  );

/** The lake is written by a process of its own, so what building it left in memory is not counted as the scan's. */
async function writeInChild(root: string, count: number): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/bench/lake-scan.ts', '--write', root, String(count)], {
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  if (code !== 0) throw new Error(`writing the lake exited with ${code}`);
}

/** One scan in a process of its own (the RSS is that of a process doing only it, as the command line's sync): its figures as JSON. */
async function measureInChild(where: string, count: number): Promise<Figures> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bench/lake-scan.ts', '--measure', where, String(count)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  if (code !== 0) throw new Error(`the scan of ${where} exited with ${code}`);
  const lines = out.trim().split('\n');
  for (const said of lines.slice(0, -1)) console.log(`  ${said}`);
  return JSON.parse(lines[lines.length - 1]!) as Figures;
}

if (process.argv[2] === '--measure') {
  console.log(`before the scan: RSS ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`);
  console.log(JSON.stringify(await measure(process.argv[3]!, Number(process.argv[4]))));
} else if (process.argv[2] === '--write') {
  const root = process.argv[3]!;
  const count = Number(process.argv[4]);
  const started = performance.now();
  const lakeBytes = writeLake(root, count);
  console.log(
    `lake: ${count} ledgers of ${(template(false).bytes.length / 1e6).toFixed(2)} MB XDR, ` +
      `${Math.round(lakeBytes / count / 1000)} kB compressed each, written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} else {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-lakescan-'));
  const children: ChildProcess[] = [];
  try {
    await writeInChild(dir, Math.max(folderLedgers, httpLedgers));
    if (folderLedgers > 0) line('folder', await measureInChild(dir, folderLedgers));
    if (httpLedgers > 0) await overTheLink(dir, children);
  } finally {
    for (const proc of children) proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The HTTP part: the folder served by node:http in another process, behind the latency proxy. */
async function overTheLink(dir: string, children: ChildProcess[]): Promise<void> {
  const server = await child(['--input-type=module', '-e', SERVE, dir]);
  children.push(server.process);
  const proxy = await child([
    '--import',
    'tsx',
    'test/bench/latency-proxy.ts',
    '--target',
    server.line.trim(),
    '--rtt-ms',
    '80',
    '--mbit',
    '100',
  ]);
  children.push(proxy.process);
  const base = proxy.line.replace('listening on ', '').trim();
  const http = await measureInChild(`${base}/`, httpLedgers);
  line('http, 80 ms, 100 Mbit/s', http, ` (${((http.bytes * 8) / http.seconds / 1e6).toFixed(1)} % of the link)`);
}
