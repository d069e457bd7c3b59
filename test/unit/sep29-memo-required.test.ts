// SEP-29's rule over real transactions built with @stellar/stellar-base: every operation type that
// can pay a destination, muxed destinations, every memo type, fee bumps, and the read that fails.
import {
  Account,
  Asset,
  Claimant,
  Keypair,
  Memo,
  MuxedAccount,
  Operation,
  TransactionBuilder,
  type Transaction,
  type xdr,
} from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import {
  checkMemoRequired,
  type DestinationState,
  memoCheckDestinations,
  memoRequiredFindings,
} from '../../core/conventions/memo-required';
import { inspectEnvelope } from '../../core/submission/inspect';
import { builtInProfiles, LOCAL_PASSPHRASE } from '../../core/networks/networks';
import { abbreviateId } from '../../shared/ids';
import { Inspection } from '../../shared/model';

const source = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const exchange = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const plain = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 3)).publicKey();
const usd = new Asset('USD', plain);
const REQUIRED: DestinationState = { kind: 'found', data: { 'config.memo_required': 'MQ==' } };
const dataOf = (account: string): Record<string, string> =>
  account === exchange ? { 'config.memo_required': 'MQ==' } : {};
const states = new Map<string, DestinationState>([
  [exchange, REQUIRED],
  [plain, { kind: 'found', data: { other: 'MQ==' } }],
]);

function tx(ops: xdr.Operation[], memo: Memo = Memo.none()): Transaction {
  const builder = new TransactionBuilder(new Account(source.publicKey(), '1'), {
    fee: '100',
    networkPassphrase: LOCAL_PASSPHRASE,
  });
  for (const op of ops) builder.addOperation(op);
  return builder.addMemo(memo).setTimeout(0).build();
}

const pay = (destination: string) => Operation.payment({ destination, asset: Asset.native(), amount: '1' });
const PAYING: [string, (destination: string) => xdr.Operation][] = [
  ['payment', pay],
  [
    'pathPaymentStrictReceive',
    (destination) =>
      Operation.pathPaymentStrictReceive({
        sendAsset: Asset.native(),
        sendMax: '10',
        destination,
        destAsset: usd,
        destAmount: '1',
        path: [],
      }),
  ],
  [
    'pathPaymentStrictSend',
    (destination) =>
      Operation.pathPaymentStrictSend({
        sendAsset: Asset.native(),
        sendAmount: '1',
        destination,
        destAsset: usd,
        destMin: '1',
        path: [],
      }),
  ],
  ['accountMerge', (destination) => Operation.accountMerge({ destination })],
];

describe('SEP-29: memo required', () => {
  it.each(PAYING)('flags a %s to an account that requires a memo, in a transaction without one', (_type, make) => {
    const findings = memoRequiredFindings(tx([make(exchange)]), states);
    expect([...findings]).toEqual([
      [
        0,
        {
          status: 'required',
          account: exchange,
          message: `${abbreviateId(exchange)} requires a memo (SEP-29); this transaction has none: an exchange may not credit it.`,
        },
      ],
    ]);
  });

  it.each(PAYING)('does not flag a %s to an account without the entry, nor to one whose value is not 1', (_t, make) => {
    expect(memoRequiredFindings(tx([make(plain)]), states).size).toBe(0);
    const zero = new Map([[exchange, { kind: 'found', data: { 'config.memo_required': 'MA==' } } as DestinationState]]);
    expect(memoRequiredFindings(tx([make(exchange)]), zero).size).toBe(0);
  });

  it('does not read or flag operations that cannot pay a memo-identified deposit', () => {
    const t = tx([
      Operation.createAccount({ destination: exchange, startingBalance: '1' }),
      Operation.createClaimableBalance({
        asset: Asset.native(),
        amount: '1',
        claimants: [new Claimant(exchange)],
      }),
      Operation.changeTrust({ asset: usd }),
      Operation.manageData({ name: 'config.memo_required', value: '1' }),
    ]);
    expect(memoCheckDestinations(t)).toEqual([]);
    expect(memoRequiredFindings(t, states).size).toBe(0);
  });

  it.each([
    ['text', Memo.text('deposit 7')],
    ['id', Memo.id('1234')],
    ['hash', Memo.hash('a'.repeat(64))],
    ['return', Memo.return('b'.repeat(64))],
  ])('reads nothing and flags nothing when the transaction has a %s memo', (_type, memo) => {
    const t = tx([pay(exchange)], memo);
    expect(memoCheckDestinations(t)).toEqual([]);
    expect(memoRequiredFindings(t, states).size).toBe(0);
  });

  it('does not flag a muxed (M…) destination: it names its sub-account itself', () => {
    const muxed = new MuxedAccount(new Account(exchange, '0'), '42').accountId();
    expect(muxed.startsWith('M')).toBe(true);
    const t = tx([pay(muxed)]);
    expect(memoCheckDestinations(t)).toEqual([]);
    expect(memoRequiredFindings(t, states).size).toBe(0);
  });

  it('flags by operation, reads each destination once, and checks a fee bump by its inner transaction', async () => {
    const inner = tx([pay(plain), pay(exchange), Operation.accountMerge({ destination: exchange })]);
    inner.sign(source);
    const bump = TransactionBuilder.buildFeeBumpTransaction(source, '1000', inner, LOCAL_PASSPHRASE);
    const reads: string[] = [];
    const findings = await checkMemoRequired(bump, async (account) => {
      reads.push(account);
      return dataOf(account);
    });
    expect(reads.sort()).toEqual([exchange, plain].sort());
    expect([...findings.keys()]).toEqual([1, 2]);
  });

  it('says it could not check an account that does not exist or a server that did not answer', async () => {
    const t = tx([pay(exchange), pay(plain)]);
    const findings = await checkMemoRequired(t, async (account) => {
      if (account === exchange) return null;
      throw new Error('connect ECONNREFUSED 127.0.0.1:9');
    });
    expect(findings.get(0)).toEqual({
      status: 'could_not_check',
      account: exchange,
      message: `Could not check whether ${abbreviateId(exchange)} requires a memo (SEP-29): the account does not exist on this network.`,
    });
    expect(findings.get(1)?.message).toBe(
      `Could not check whether ${abbreviateId(plain)} requires a memo (SEP-29): the server did not answer (connect ECONNREFUSED 127.0.0.1:9)`,
    );
  });

  it('is shown by operation in an inspection, which stays a valid Inspection', async () => {
    const t = tx([Operation.changeTrust({ asset: usd }), pay(exchange)]);
    t.sign(source);
    const inspection = await inspectEnvelope(t.toXDR(), {
      profiles: builtInProfiles('http://127.0.0.1:9'),
      selected: builtInProfiles('http://127.0.0.1:9')[0]!,
      loadData: async (id) => dataOf(id),
    });
    expect(Inspection.parse(inspection).operations.map((op) => op.memoCheck?.status)).toEqual([undefined, 'required']);
  });
});
