// Benchmark: in-process admission (CoreNode.submit: decode, hash, signature check, validation)
// and apply + close of ledgers of 1,000 signed payment transactions, on a store on disk.
//   node --import tsx test/bench/core-close.ts [transactions per ledger=1000] [ledgers=5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Asset, Keypair, Operation } from '@stellar/stellar-base';
import { CoreNode } from '../../network/validator/node';
import { NETWORK_PASSPHRASE } from '../../network/validator/model';
import { openStore, storePath } from '../../network/store/db';
import { signedTx } from '../support/signed-tx';

const perLedger = Number(process.argv[2] ?? 1000);
const ledgers = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-'));

function signed(source: Keypair, seq: bigint, ops: ReturnType<typeof Operation.payment>[]): string {
  return signedTx(source, ops, {
    passphrase: NETWORK_PASSPHRASE,
    sequence: seq.toString(),
    fee: String(100 * ops.length),
  }).toXDR();
}

try {
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 2, maxQueue: perLedger * 2 });
  const root = Keypair.master(NETWORK_PASSPHRASE);
  const keys = Array.from({ length: perLedger }, (_, i) =>
    Keypair.fromRawEd25519Seed(
      Buffer.alloc(32, 0)
        .fill(i % 256, 0, 1)
        .fill(Math.floor(i / 256), 1, 2)
        .fill(7, 2),
    ),
  );
  for (let i = 0; i < keys.length; i += 100) {
    const ops = keys
      .slice(i, i + 100)
      .map((k) => Operation.createAccount({ destination: k.publicKey(), startingBalance: '1000' }));
    const answer = core.submit(signed(root, core.state.accounts.get(root.publicKey())?.seq ?? 0n, ops as never));
    if (answer.status !== 'PENDING') throw new Error(JSON.stringify(answer));
    core.closeLedger();
  }
  let admitSeconds = 0;
  let closeSeconds = 0;
  let admitted = 0;
  for (let l = 0; l < ledgers; l++) {
    const blobs = keys.map((k, i) => {
      const seq = core.state.accounts.get(k.publicKey())?.seq ?? 0n;
      const to = keys[(i + 1) % keys.length] ?? k;
      return signed(k, seq, [Operation.payment({ destination: to.publicKey(), asset: Asset.native(), amount: '1' })]);
    });
    let t = performance.now();
    for (const blob of blobs) if (core.submit(blob).status === 'PENDING') admitted += 1;
    admitSeconds += (performance.now() - t) / 1000;
    t = performance.now();
    const built = core.closeLedger();
    closeSeconds += (performance.now() - t) / 1000;
    if (built.applied.length !== perLedger)
      throw new Error(
        `applied ${built.applied.length} of ${perLedger} (admitted ${admitted}, dropped ${JSON.stringify(built.dropped.slice(0, 3).map((d) => d.outcome))})`,
      );
  }
  console.log(
    `admission (in process): ${admitted} signed payments in ${admitSeconds.toFixed(2)} s = ${Math.round(admitted / admitSeconds)} tx/s`,
  );
  console.log(
    `apply + close: ${ledgers} ledgers of ${perLedger} transactions, ${((closeSeconds / ledgers) * 1000).toFixed(0)} ms per ledger (${Math.round((perLedger * ledgers) / closeSeconds)} tx/s)`,
  );
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
