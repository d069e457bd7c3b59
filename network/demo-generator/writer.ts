// Feeds generated transactions through the core's own apply path (apply.ts: the same state
// rules as live ledgers) and writes the ledgers with the same writer, committing a batch of
// ledgers per SQLite transaction: history is written before the core serves anyone, so a batch
// is still all-or-nothing and the ledgers stay contiguous.
import { BASE_FEE, BASE_RESERVE, type Envelope, type Operation, type Transaction } from '../validator/model';
import { type AppliedTx, applyEnvelope, type LedgerContext } from '../validator/apply';
import type { BuiltLedger } from '../validator/ledger';
import type { CoreNode } from '../validator/node';
import { envelopeXdr, hashTransaction } from './encode';
import { createSigner, type EnvelopeSigner } from './signer';
import type { FastKeypair } from './keys';
import { signedHash } from '../validator/signatures';
import { applySchema } from '../store/db';
import { SETUP_LEDGER_SECONDS } from './calendar';

const LEDGERS_PER_COMMIT = 100;
const SECONDARY_INDEXES = ['operation_scopes_by_outcome', 'operations_by_outcome'];

export class HistoryWriter {
  operations = 0;
  ledgers = 0;
  private built: BuiltLedger | undefined;
  private ctx: LedgerContext | undefined;
  private uncommitted = 0;
  private readonly signer: EnvelopeSigner | undefined;
  /** Envelopes of the open ledger still waiting for their signature. */
  private unsigned: { env: Envelope; body: Buffer; tickets: { hint: Buffer; ticket: number }[] }[] = [];

  constructor(
    private readonly core: CoreNode,
    sign: boolean,
  ) {
    this.signer = sign ? createSigner() : undefined;
    // Bulk load. History is written before anyone reads the store, and process.ts discards a
    // store whose generation did not finish, so the generation needs no journal and no fsync;
    // the two secondary indexes are built once at the end (a sort) instead of row by row.
    core.db.exec('PRAGMA journal_mode = OFF');
    core.db.exec('PRAGMA synchronous = OFF');
    for (const index of SECONDARY_INDEXES) core.db.exec(`DROP INDEX IF EXISTS ${index}`);
    core.writer.begin();
  }

  get closeTime(): bigint {
    return this.built?.closeTime ?? this.core.closer.last.closeTime;
  }

  get state() {
    return this.core.state;
  }

  get ledger(): number {
    return this.built?.sequence ?? this.core.closer.last.sequence;
  }

  /** Opens the next ledger, closing at `closeTime` (never before the last one): by default just after it. */
  startLedger(closeTime?: bigint): void {
    if (this.built) this.endLedger();
    const last = this.core.closer.last;
    const next = last.closeTime + SETUP_LEDGER_SECONDS;
    this.built = {
      sequence: last.sequence + 1,
      closeTime: closeTime === undefined || closeTime <= last.closeTime ? next : closeTime,
      applied: [],
      dropped: [],
    };
    this.ctx = {
      state: this.core.state,
      ledger: this.built.sequence,
      closeTime: this.built.closeTime,
      baseFee: BASE_FEE,
      baseReserve: BASE_RESERVE,
      trusted: true,
    };
  }

  /**
   * Builds, signs and applies one transaction from `source` in the open ledger; `signers` sign it
   * (default: the source's own key), in that order.
   */
  submit(
    source: FastKeypair,
    operations: Operation[],
    extra: Partial<Transaction> = {},
    signers: FastKeypair[] = [source],
  ): AppliedTx {
    if (!this.built || !this.ctx) this.startLedger();
    const account = this.core.state.accounts.get(source.publicKey);
    if (!account) throw new Error(`generator: source ${source.publicKey} does not exist`);
    const tx: Transaction = {
      source: source.publicKey,
      fee: BASE_FEE * BigInt(operations.length),
      seq: account.seq + 1n,
      minTime: 0n,
      maxTime: 0n,
      minLedger: 0,
      maxLedger: 0,
      memo: { type: 'none' },
      operations,
      ...extra,
    };
    const { body, hash } = hashTransaction(tx, this.core.networkId);
    const env: Envelope = { hash: hash.toString('hex'), tx, signed: signedHash(hash, []), xdr: '' };
    const signer = this.signer;
    if (signer)
      this.unsigned.push({
        env,
        body,
        tickets: signers.map((key) => ({ hint: key.hint, ticket: signer.request(key, hash) })),
      });
    else env.xdr = envelopeXdr(body, []);
    const outcome = applyEnvelope(this.ctx as LedgerContext, env);
    if ('dropped' in outcome) throw new Error(`generator: transaction refused with code ${outcome.dropped.code}`);
    (this.built as BuiltLedger).applied.push(outcome.applied);
    this.operations += operations.length;
    return outcome.applied;
  }

  endLedger(): void {
    if (!this.built) return;
    for (const { env, body, tickets } of this.unsigned) {
      env.xdr = envelopeXdr(
        body,
        tickets.map(({ hint, ticket }) => ({ hint, signature: (this.signer as EnvelopeSigner).signature(ticket) })),
      );
    }
    this.unsigned = [];
    this.core.closer.write(this.built);
    this.built = undefined;
    this.ctx = undefined;
    this.ledgers += 1;
    this.uncommitted += 1;
    if (this.uncommitted >= LEDGERS_PER_COMMIT) {
      this.core.writer.commit();
      this.core.writer.begin();
      this.uncommitted = 0;
    }
  }

  finish(meta: Record<string, string>): void {
    this.endLedger();
    this.core.writer.commit();
    this.signer?.close();
    this.core.db.exec('PRAGMA threads = 2'); // the index builds sort on two cores
    applySchema(this.core.db); // the indexes again, and WAL mode
    this.core.db.exec('PRAGMA threads = 0');
    this.core.db.exec('PRAGMA synchronous = NORMAL');
    this.core.writer.begin();
    for (const [key, value] of Object.entries(meta)) this.core.writer.setMeta(key, value);
    this.core.writer.commit();
  }
}
