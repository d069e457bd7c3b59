// The core node: the store, the in-memory state, the bounded queue of admitted transactions and
// the ledger close. Admission answers in stellar-core's /tx vocabulary.
import { Keypair } from '@stellar/stellar-base';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { loadState } from './store-reader';
import { StoreWriter } from './store-writer';
import { decodeEnvelope, DecodeError, networkId } from './decode';
import { type BuiltLedger, LedgerCloser, readLastLedger } from './ledger';
import { BASE_FEE, BASE_RESERVE, type Envelope, NETWORK_PASSPHRASE, TOTAL_SUPPLY } from './model';
import { newAccount } from './ops-basic';
import { TX, transactionResultXdr } from './results';
import { LedgerState } from './state';
import { fillTransactionScopes } from './transaction-scopes';
import { checkEnvelope, minFee } from './validate';

export type TxStatus = 'PENDING' | 'DUPLICATE' | 'ERROR' | 'TRY_AGAIN_LATER';
export interface TxAnswer {
  status: TxStatus;
  error?: string;
  hash?: string;
  detail?: string;
}

export interface CoreOptions {
  startLedger: number;
  maxQueue: number;
  /** Close time of the genesis ledger (Unix seconds); history is generated forward from it. */
  genesisTime?: bigint;
}

const nowSeconds = (): bigint => BigInt(Math.floor(Date.now() / 1000));
const FEES = { baseFee: BASE_FEE, baseReserve: BASE_RESERVE };

export class CoreNode {
  readonly passphrase = NETWORK_PASSPHRASE;
  readonly networkId = networkId(NETWORK_PASSPHRASE);
  readonly root = Keypair.master(NETWORK_PASSPHRASE);
  readonly closer: LedgerCloser;
  readonly writer: StoreWriter;
  private queue: Envelope[] = [];
  private readonly queued = new Set<string>();
  /** Sequence number of each source's last queued transaction. */
  private readonly lastSeqBySource = new Map<string, bigint>();
  private readonly feesByPayer = new Map<string, bigint>();
  private readonly hashInHistory: StatementSync;

  constructor(
    readonly db: DatabaseSync,
    private readonly options: CoreOptions,
  ) {
    this.writer = new StoreWriter(db);
    this.hashInHistory = db.prepare('SELECT 1 AS found FROM transactions WHERE hash = ?');
    const last = readLastLedger(db);
    if (last) {
      this.closer = new LedgerCloser(loadState(db), this.writer, FEES, last);
    } else {
      this.closer = this.genesis();
    }
    // A store written before the 'transaction' scope existed gets its rows once, here.
    fillTransactionScopes(db);
  }

  get state(): LedgerState {
    return this.closer.state;
  }

  private genesis(): LedgerCloser {
    const state = new LedgerState();
    const sequence = this.options.startLedger - 1;
    const rootId = this.root.publicKey();
    const account = newAccount(rootId, TOTAL_SUPPLY, sequence);
    state.accounts.set(rootId, { ...account, seq: 0n });
    const closeTime = this.options.genesisTime ?? nowSeconds();
    const writer = this.writer;
    writer.begin();
    for (const [key, value] of Object.entries({
      network_passphrase: NETWORK_PASSPHRASE,
      start_ledger: String(this.options.startLedger),
      genesis_account: rootId,
      base_fee: String(BASE_FEE),
      base_reserve: String(BASE_RESERVE),
    })) {
      writer.setMeta(key, value);
    }
    const closer = new LedgerCloser(state, writer, FEES, {
      sequence: sequence - 1,
      hash: '0'.repeat(64),
      closeTime,
    });
    closer.write({ sequence, closeTime, applied: [], dropped: [] });
    writer.commit();
    return closer;
  }

  queueSize(): number {
    return this.queue.length;
  }

  info() {
    const last = this.closer.last;
    return {
      info: {
        build: 'ledgerscope-core',
        network: this.passphrase,
        protocol_version: 21,
        state: 'Synced!',
        ledger: {
          num: last.sequence,
          hash: last.hash,
          closeTime: Number(last.closeTime),
          age: Math.max(0, Number(nowSeconds() - last.closeTime)),
          baseFee: Number(BASE_FEE),
          baseReserve: Number(BASE_RESERVE),
        },
        queue: { pending: this.queue.length, limit: this.options.maxQueue },
      },
    };
  }

  /** Admission: the answer stellar-core's GET /tx gives. */
  submit(blob: string): TxAnswer {
    let env;
    try {
      env = decodeEnvelope(blob, this.networkId);
    } catch (error) {
      if (!(error instanceof DecodeError)) throw error;
      return { status: 'ERROR', error: transactionResultXdr({ code: TX.MALFORMED, fee: 0n }), detail: error.message };
    }
    const hash = env.hash;
    if (this.queued.has(hash) || this.hashInHistory.get(hash)) return { status: 'DUPLICATE', hash };
    if (this.queue.length >= this.options.maxQueue) return { status: 'TRY_AGAIN_LATER', hash };
    const last = this.closer.last;
    const now = nowSeconds();
    const closeTime = now > last.closeTime ? now : last.closeTime;
    const failure = checkEnvelope(
      { state: this.state, ledger: last.sequence + 1, closeTime, ...FEES, pending: (source) => this.pendingOf(source) },
      env,
    );
    if (failure) return { status: 'ERROR', hash, error: transactionResultXdr(failure, env.feeBump?.innerHash) };
    this.enqueue(env);
    return { status: 'PENDING', hash };
  }

  private pendingOf(source: string): { lastSeq: bigint; fees: bigint } | undefined {
    const lastSeq = this.lastSeqBySource.get(source);
    const fees = this.feesByPayer.get(source) ?? 0n;
    if (lastSeq === undefined && fees === 0n) return undefined;
    return { lastSeq: lastSeq ?? this.state.accounts.get(source)?.seq ?? 0n, fees };
  }

  private enqueue(env: Envelope): void {
    this.queue.push(env);
    this.queued.add(env.hash);
    this.lastSeqBySource.set(env.tx.source, env.tx.seq);
    const payer = env.feeBump?.feeSource ?? env.tx.source;
    const fee = minFee(env.tx, BASE_FEE, env.feeBump !== undefined);
    this.feesByPayer.set(payer, (this.feesByPayer.get(payer) ?? 0n) + fee);
  }

  /** Closes the next ledger with everything queued (empty ledgers close too: time moves on). */
  closeLedger(closeTime = nowSeconds()): BuiltLedger {
    const envelopes = this.queue;
    this.queue = [];
    this.queued.clear();
    this.lastSeqBySource.clear();
    this.feesByPayer.clear();
    const last = this.closer.last;
    return this.closer.close(envelopes, closeTime > last.closeTime ? closeTime : last.closeTime);
  }
}
