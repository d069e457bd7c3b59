// Closing a ledger: apply the transactions in order, then write the ledger row, its transactions,
// operations, operation_scopes, its compressed close meta (close-meta.ts) and every changed state
// row. close() does it in one SQLite transaction (a crash leaves the whole ledger or none of it);
// the history generator calls build() + write() and commits a batch of ledgers at once.
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { encodeToid } from '../../shared/toid';
import type { StoreWriter } from './store-writer';
import { assembleCloseMeta, type CloseMetaPiece, compressBatch } from './close-meta';
import { type AppliedTx, applyEnvelope, type LedgerContext } from './apply';
import { rfc3339 } from './details';
import { transactionParticipants } from './transaction-scopes';
import type { Envelope, Memo } from './model';
import type { TxOutcome } from './results';
import type { LedgerState } from './state';

/**
 * Fault injection for test/faults: hold each ledger's SQLite transaction open this long before
 * its commit, so that a kill -9 at a random moment often lands inside a ledger close.
 */
const FAULT_CLOSE_PAUSE_MS = Number(process.env.LEDGERSCOPE_FAULT_CLOSE_PAUSE_MS ?? 0) || 0;
/** Fault injection: a file that exists exactly while a ledger close is in progress. */
const FAULT_CLOSE_MARKER = process.env.LEDGERSCOPE_FAULT_CLOSE_MARKER ?? '';

export interface LastLedger {
  sequence: number;
  hash: string;
  closeTime: bigint;
}

export interface BuiltLedger {
  sequence: number;
  closeTime: bigint;
  applied: AppliedTx[];
  dropped: { env: Envelope; outcome: TxOutcome }[];
}

function memoColumns(memo: Memo): [string, string | null] {
  switch (memo.type) {
    case 'none':
      return ['none', null];
    case 'text':
      return ['text', memo.value];
    case 'id':
      return ['id', memo.value.toString()];
    default:
      return [memo.type, memo.value.toString('base64')];
  }
}

export function readLastLedger(db: DatabaseSync): LastLedger | undefined {
  const row = db.prepare('SELECT sequence, hash, closed_at FROM ledgers ORDER BY sequence DESC LIMIT 1').get() as
    { sequence: bigint; hash: string; closed_at: string } | undefined;
  if (!row) return undefined;
  return { sequence: Number(row.sequence), hash: row.hash, closeTime: BigInt(Date.parse(row.closed_at) / 1000) };
}

export class LedgerCloser {
  constructor(
    readonly state: LedgerState,
    private readonly writer: StoreWriter,
    private readonly params: { baseFee: bigint; baseReserve: bigint },
    public last: LastLedger,
  ) {}

  /** Applies the envelopes in order to the in-memory state; nothing is written yet. */
  build(envelopes: Envelope[], closeTime: bigint, trusted = false): BuiltLedger {
    const sequence = this.last.sequence + 1;
    const ctx: LedgerContext = { state: this.state, ledger: sequence, closeTime, ...this.params, trusted };
    const built: BuiltLedger = { sequence, closeTime, applied: [], dropped: [] };
    for (const env of envelopes) {
      const outcome = applyEnvelope(ctx, env);
      if ('applied' in outcome) built.applied.push(outcome.applied);
      else built.dropped.push({ env, outcome: outcome.dropped });
    }
    return built;
  }

  /** Writes a built ledger's rows and the changed state inside the caller's SQLite transaction. */
  write(built: BuiltLedger): void {
    const closedAt = rfc3339(built.closeTime);
    const hasher = createHash('sha256').update(this.last.hash).update(`${built.sequence}|${closedAt}`);
    let operationCount = 0;
    let failed = 0;
    const pieces: CloseMetaPiece[] = [];
    built.applied.forEach((t, i) => {
      const order = i + 1;
      const txId = encodeToid({ ledger: built.sequence, txOrder: order, opIndex: 0 });
      const { tx, feeBump } = t.env;
      const [memoType, memo] = memoColumns(tx.memo);
      hasher.update(t.env.hash);
      if (!t.successful) failed += 1;
      this.writer.transaction({
        id: txId,
        hash: t.env.hash,
        ledger: built.sequence,
        order,
        source: tx.source,
        feeAccount: feeBump?.feeSource ?? tx.source,
        sequence: tx.seq.toString(),
        feeCharged: t.feeCharged,
        maxFee: feeBump?.fee ?? tx.fee,
        operationCount: tx.operations.length,
        memoType,
        memo,
        successful: t.successful,
        envelopeXdr: t.env.xdr,
        resultXdr: t.resultXdr,
        createdAt: closedAt,
        feeMeta: t.feeMeta,
        resultMeta: t.resultMeta,
        ...(feeBump ? { inner: { hash: feeBump.innerHash, maxFee: tx.fee } } : {}),
      });
      pieces.push({
        hash: Buffer.from(t.env.hash, 'hex'),
        envelope: Buffer.from(t.env.xdr, 'base64'),
        result: Buffer.from(t.resultXdr, 'base64'),
        feeMeta: t.feeMeta,
        resultMeta: t.resultMeta,
      });
      t.ops.forEach((op, j) => {
        const opId = txId + BigInt(j + 1);
        this.writer.operation(opId, txId, op.type, op.source, t.successful, op.details);
        for (const [scope, key] of op.scopes) this.writer.scope(scope, key, opId, t.successful);
      });
      for (const key of transactionParticipants(t)) this.writer.scope('transaction', key, txId, t.successful);
      operationCount += t.ops.length;
    });
    const hash = hasher.digest('hex');
    this.writer.ledger({
      sequence: built.sequence,
      hash,
      prevHash: this.last.hash,
      closedAt,
      transactionCount: built.applied.length,
      failedCount: failed,
      operationCount,
      feePool: this.state.feePool,
      ...this.params,
    });
    // The close meta, kept once and compressed (the lake's object as is: docs/lake.md).
    const { batch } = assembleCloseMeta(
      {
        sequence: built.sequence,
        hash,
        prevHash: this.last.hash,
        closedAt,
        feePool: this.state.feePool,
        ...this.params,
      },
      pieces,
      true,
    );
    this.writer.closeMeta(built.sequence, compressBatch(batch!));
    this.writer.flushState(this.state);
    this.last = { sequence: built.sequence, hash, closeTime: built.closeTime };
  }

  /** build + write in one SQLite transaction. If the write fails the in-memory state is ahead of
   * the store, so the error is fatal for the process (its restart reloads the store). */
  close(envelopes: Envelope[], closeTime: bigint): BuiltLedger {
    const built = this.build(envelopes, closeTime);
    if (FAULT_CLOSE_MARKER) writeFileSync(FAULT_CLOSE_MARKER, String(built.sequence));
    this.writer.begin();
    try {
      this.write(built);
      if (FAULT_CLOSE_PAUSE_MS > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, FAULT_CLOSE_PAUSE_MS);
      this.writer.commit();
      if (FAULT_CLOSE_MARKER) rmSync(FAULT_CLOSE_MARKER, { force: true });
    } catch (error) {
      this.writer.rollback();
      throw error;
    }
    return built;
  }
}
