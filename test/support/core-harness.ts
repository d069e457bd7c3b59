// An in-process core node on an in-memory store, for the unit tests of admission and apply:
// real envelopes built and signed with @stellar/stellar-base, submitted through CoreNode.submit
// (the /tx logic), applied by closeLedger, and results decoded back with stellar-base.
import { Account, type Asset, Keypair, Operation, type xdr as XdrTypes, xdr } from '@stellar/stellar-base';
import { openStore } from '../../network/store/db';
import { CoreNode, type TxAnswer } from '../../network/validator/node';
import type { BuiltLedger } from '../../network/validator/ledger';
import { NETWORK_PASSPHRASE } from '../../network/validator/model';
import { trustlineKey } from '../../network/validator/state';
import { signedTx } from './signed-tx';

export const PASSPHRASE = NETWORK_PASSPHRASE;

export class Harness {
  readonly core: CoreNode;
  readonly root = Keypair.master(PASSPHRASE);
  private counter = 0;

  constructor(options: { maxQueue?: number; startLedger?: number } = {}) {
    this.core = new CoreNode(openStore(':memory:'), {
      startLedger: options.startLedger ?? 2,
      maxQueue: options.maxQueue ?? 1000,
    });
  }

  /** A new deterministic key pair (tests stay reproducible). */
  keypair(): Keypair {
    this.counter += 1;
    return Keypair.fromRawEd25519Seed(Buffer.alloc(32, this.counter));
  }

  account(id: string): Account {
    const row = this.core.state.accounts.get(id);
    if (!row) throw new Error(`no account ${id}`);
    return new Account(id, row.seq.toString());
  }

  envelope(
    source: Keypair,
    ops: XdrTypes.Operation[],
    options: {
      fee?: string;
      signers?: Keypair[];
      passphrase?: string;
      timebounds?: { minTime: number; maxTime: number };
      sequence?: string;
    } = {},
  ): string {
    const sequence = options.sequence ?? this.account(source.publicKey());
    const { passphrase = PASSPHRASE, ...rest } = options;
    return signedTx(source, ops, { ...rest, passphrase, sequence })
      .toEnvelope()
      .toXDR('base64');
  }

  submit(blob: string): TxAnswer {
    return this.core.submit(blob);
  }

  close(): BuiltLedger {
    return this.core.closeLedger();
  }

  /** Submits (expecting PENDING), closes, and returns the applied transaction's result. */
  apply(source: Keypair, ops: XdrTypes.Operation[], options: Parameters<Harness['envelope']>[2] = {}) {
    const answer = this.submit(this.envelope(source, ops, options));
    if (answer.status !== 'PENDING')
      throw new Error(`expected PENDING, got ${JSON.stringify(answer)} ${answer.error ? describe(answer.error) : ''}`);
    const built = this.close();
    const applied = built.applied.find((t) => t.env.hash === answer.hash);
    if (!applied)
      throw new Error(`transaction was dropped: ${JSON.stringify(built.dropped.map((d) => d.outcome.code))}`);
    return { applied, result: decodeResult(applied.resultXdr), codes: describe(applied.resultXdr) };
  }

  fund(amount = '1000', from: Keypair = this.root): Keypair {
    const kp = this.keypair();
    this.apply(from, [Operation.createAccount({ destination: kp.publicKey(), startingBalance: amount })]);
    return kp;
  }

  balance(id: string): bigint {
    return this.core.state.accounts.get(id)?.balance ?? -1n;
  }

  line(id: string, asset: Asset): bigint | undefined {
    return this.core.state.trustlines.get(trustlineKey(id, `${asset.getCode()}:${asset.getIssuer()}`))?.balance;
  }
}

export function decodeResult(base64: string): XdrTypes.TransactionResult {
  return xdr.TransactionResult.fromXDR(base64, 'base64');
}

/** "txSuccess", "txFailed paymentUnderfunded", "txFailed opNotSupported", "txBadSeq", … */
export function describe(base64: string): string {
  const result = decodeResult(base64).result();
  const code = result.switch().name;
  if (code !== 'txSuccess' && code !== 'txFailed') return code;
  const ops = result.results().map((op) => {
    if (op.switch().name !== 'opInner') return op.switch().name;
    const tr = op.tr();
    const inner = (tr.value() as unknown as { switch(): { name: string } }).switch();
    return inner.name;
  });
  return [code, ...ops].join(' ');
}
