// An account's records of each ledger of a LedgerCloseMetaBatch, read from its bytes without
// decoding the batch whole: the bytes are walked as stellar-base's types say (xdr-extents.ts, which
// accepts exactly what the decoder accepts), which finds where each ledger's header, envelopes and
// result metas lie; only the header, the envelopes whose bytes hold the account's 32 key bytes and
// the result metas that hold them (or whose transaction is such an envelope's) are decoded, and
// read by account-records.ts as the whole ledger is. Horizon's participant rule reads nothing of a
// transaction but its own envelope, result and meta, and each mention of an account there holds
// its key bytes (a muxed account's too: its ed25519 key follows its id), so the records are those
// of the whole decode (test/unit/batch-records.test.ts holds them equal for every real ledger and
// every account it changed). A batch this cannot read so (a value the walk refuses, a ledger out
// of place) gives null: the caller decodes it whole, and says what is wrong as it always has.
import { createHash } from 'node:crypto';
import { hash, xdr } from '@stellar/stellar-base';
import { accountRecordsOf, type AccountLedgerRecords } from './account-records';
import type { AssetContracts } from './asset-events';
import { metaTransactionOf } from './close-meta';
import { envelopeHash } from './tx-set';
import { xdrExtents } from './xdr-extents';

const LEDGER = 1;
const HEADER = 2;
const ENVELOPE = 3;
const RESULT_META = 4;
const RESULT_META_V1 = 5;
const RESULT_PAIR = 6;
const TX_BODY = 7;

const MARKS = new Map<object, number>([
  [xdr.LedgerCloseMeta, LEDGER],
  [xdr.LedgerHeaderHistoryEntry, HEADER],
  [xdr.TransactionEnvelope, ENVELOPE],
  [xdr.TransactionResultMeta, RESULT_META],
  [xdr.TransactionResultMetaV1, RESULT_META_V1],
  [xdr.TransactionResultPair, RESULT_PAIR],
  // What a v1 or fee-bump envelope signs: its hash is of the network's id and these bytes.
  [xdr.Transaction, TX_BODY],
  [xdr.FeeBumpTransaction, TX_BODY],
]);

interface Extent {
  start: number;
  end: number;
}

/** One ledger of the batch: where its parts lie. */
interface LedgerExtents {
  header: Extent[];
  envelopes: Extent[];
  metas: (Extent & { v1: boolean })[];
  pairs: Extent[];
  /** A v1 or fee-bump envelope's signed body, by where it starts. */
  bodies: Map<number, number>;
}

function ledgersOf(raw: Buffer): LedgerExtents[] {
  const found = xdrExtents(xdr.LedgerCloseMetaBatch, raw, MARKS);
  const ledgers: LedgerExtents[] = [];
  let current: LedgerExtents = { header: [], envelopes: [], metas: [], pairs: [], bodies: new Map() };
  for (let i = 0; i < found.length; i += 3) {
    const mark = found[i]!;
    const start = found[i + 1]!;
    const end = found[i + 2]!;
    if (mark === LEDGER) {
      ledgers.push(current);
      current = { header: [], envelopes: [], metas: [], pairs: [], bodies: new Map() };
    } else if (mark === HEADER) current.header.push({ start, end });
    else if (mark === ENVELOPE) current.envelopes.push({ start, end });
    else if (mark === RESULT_META || mark === RESULT_META_V1)
      current.metas.push({ start, end, v1: mark === RESULT_META_V1 });
    else if (mark === RESULT_PAIR) current.pairs.push({ start, end });
    else if (mark === TX_BODY && !current.bodies.has(start)) current.bodies.set(start, end);
  }
  return ledgers;
}

/** Where `key` occurs in `raw` (every start, overlapping ones too), ascending. */
function occurrences(raw: Buffer, key: Uint8Array): number[] {
  const at: number[] = [];
  for (let from = raw.indexOf(key); from !== -1; from = raw.indexOf(key, from + 1)) at.push(from);
  return at;
}

/**
 * The records of `account` (its 32 key bytes `key`) of each ledger of the batch `raw` (decompressed)
 * from `first` on whose sequence `wanted` accepts, in order: [ledger, records or null][]; or null
 * when the batch is not one this reads without decoding it whole (the caller then does). Errors of
 * reading a ledger for the account are accountRecords's.
 */
export function batchRecords(
  raw: Buffer,
  first: number,
  wanted: (ledger: number) => boolean,
  account: string,
  key: Uint8Array,
  contracts: AssetContracts,
): [number, AccountLedgerRecords | null][] | null {
  let ledgers: LedgerExtents[];
  try {
    ledgers = ledgersOf(raw);
  } catch {
    return null;
  }
  const holds = occurrences(raw, key);
  const holding = ({ start, end }: Extent) => holds.some((at) => at >= start && at + key.length <= end);
  const networkId = hash(Buffer.from(contracts.passphrase));
  const out: [number, AccountLedgerRecords | null][] = [];
  for (const [index, extents] of ledgers.entries()) {
    if (extents.header.length !== 1 || extents.pairs.length !== extents.metas.length) return null;
    const header = xdr.LedgerHeaderHistoryEntry.fromXDR(raw.subarray(extents.header[0]!.start, extents.header[0]!.end));
    const ledger = header.header().ledgerSeq();
    if (ledger !== first + index) return null;
    if (!wanted(ledger)) continue;
    const candidates = extents.envelopes
      .filter(holding)
      .map(({ start, end }) => xdr.TransactionEnvelope.fromXDR(raw.subarray(start, end)));
    const named = new Set(candidates.map((envelope) => envelopeHash(envelope, networkId, contracts.passphrase)));
    const txs = [];
    const results = [];
    for (const [order, meta] of extents.metas.entries()) {
      const pair = extents.pairs[order]!;
      if (!holding(meta) && !named.has(raw.toString('hex', pair.start, pair.start + 32))) continue;
      const bytes = raw.subarray(meta.start, meta.end);
      const item = meta.v1 ? xdr.TransactionResultMetaV1.fromXDR(bytes) : xdr.TransactionResultMeta.fromXDR(bytes);
      txs.push(metaTransactionOf(item, order));
      results.push(item.result().result());
    }
    let all: Map<string, Extent> | undefined;
    const envelopeOf = (wantedHash: string) => {
      all ??= envelopesByHash(raw, extents, networkId, contracts.passphrase);
      const found = all.get(wantedHash);
      return found && xdr.TransactionEnvelope.fromXDR(raw.subarray(found.start, found.end));
    };
    const records = accountRecordsOf(
      {
        ledger,
        closeTime: Number(header.header().scpValue().closeTime().toBigInt()),
        txs,
        results,
        candidates,
        envelopeOf,
        setSize: extents.envelopes.length,
        resultCount: extents.metas.length,
      },
      account,
      contracts,
    );
    out.push([ledger, records]);
  }
  return out;
}

/**
 * Each envelope of the ledger by its hash on the network (hex), the last of equal ones as
 * tx-set.ts's envelopesByHash: a v1 or fee-bump envelope's from its bytes (the network's id, then
 * its type and signed body, as TransactionSignaturePayload writes them), a v0 one decoded.
 */
function envelopesByHash(
  raw: Buffer,
  extents: LedgerExtents,
  networkId: Buffer,
  passphrase: string,
): Map<string, Extent> {
  const byHash = new Map<string, Extent>();
  for (const extent of extents.envelopes) {
    const type = raw.readUInt32BE(extent.start);
    const body = extents.bodies.get(extent.start + 4);
    let id: string;
    if ((type === 2 || type === 5) && body !== undefined)
      id = createHash('sha256').update(networkId).update(raw.subarray(extent.start, body)).digest('hex');
    else
      id = envelopeHash(xdr.TransactionEnvelope.fromXDR(raw.subarray(extent.start, extent.end)), networkId, passphrase);
    byHash.set(id, extent);
  }
  return byHash;
}
