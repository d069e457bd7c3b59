// The deterministic history generator (`--history-ops N --accounts N --seed S`): funds the demo
// accounts, sets up currencies, trustlines and pools, then fills ledgers with a seeded mix of every
// operation type, failed transactions included, through the core's apply path (writer.ts).
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair } from '@stellar/stellar-base';
import {
  type Asset,
  compareAssets,
  creditAsset,
  NATIVE_ASSET,
  type Operation,
  POOL_FEE_BP,
  poolId,
  TOTAL_SUPPLY,
} from '../validator/model';
import type { CoreNode } from '../validator/node';
import { Activities, type World } from './activities';
import { type FastKeypair, keypairFromSeed, namedKeypair } from './keys';
import {
  MULTISIG_FUNDING,
  type MultisigAccount,
  multisigAccounts,
  multisigPayment,
  setUpMultisig,
  type Thresholds,
} from './multisig';
import { planLedgers } from './calendar';
import { demoDirectory, setUpConventions, writeDemoDirectory } from './conventions';
import { HistoryWriter } from './writer';

export interface HistoryOptions {
  historyOps: number;
  accounts: number;
  seed: string;
  dataDir: string;
  /** Sign every generated envelope (default true). The apply path trusts them either way. */
  sign?: boolean;
}

export interface DemoAccount {
  name: string;
  /** The account's id; its secret is the master key's (which cannot sign when masterWeight is 0). */
  publicKey: string;
  secretKey: string;
  /** Multi-signature accounts only: the master key's weight, the thresholds and the other signers. */
  masterWeight?: number;
  thresholds?: Thresholds;
  signers?: { publicKey: string; secretKey: string; weight: number }[];
}

const NAMES = [
  'busy',
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
];
/** One transaction in this many during the generated history is a multisig account's payment. */
const MULTISIG_EVERY = 40;
const OPS_PER_SETUP_TX = 100;
/** Cap of a demo account's starting balance (a thousandth of the supply, shared out): 10 million, in units. */
const MAX_USER_FUNDING = 100_000_000_000_000n;

/** mulberry32: small, fast, and the same sequence on every machine. */
export function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function generateHistory(core: CoreNode, options: HistoryOptions): DemoAccount[] {
  const genesis = core.closer.last.closeTime;
  const writer = new HistoryWriter(core, options.sign ?? true);
  const root = keypairFromSeed(Keypair.master(core.passphrase).rawSecretKey());
  const userCount = Math.max(options.historyOps > 0 ? 3 : 1, options.accounts);
  const users = Array.from({ length: userCount }, (_, i) => NAMES[i] ?? `user-${i + 1}`).map((name) => ({
    name,
    key: namedKeypair(options.seed, name),
  }));
  const issuers =
    options.historyOps > 0
      ? [
          { name: 'issuer-a', key: namedKeypair(options.seed, 'issuer-a') },
          { name: 'issuer-b', key: namedKeypair(options.seed, 'issuer-b') },
        ]
      : [];
  const multisig = options.historyOps > 0 ? multisigAccounts(options.seed) : [];
  const share = TOTAL_SUPPLY / 1000n / BigInt(userCount);
  const perUser = share < MAX_USER_FUNDING ? share : MAX_USER_FUNDING;

  let credits: Asset[] = [];
  const exchange: { name: string; key: FastKeypair }[] = [];
  writer.startLedger();
  const funding: Operation[] = [
    ...users.map((u) => ({
      body: { type: 'create_account' as const, destination: u.key.publicKey, startingBalance: perUser },
    })),
    ...issuers.map((u) => ({
      body: { type: 'create_account' as const, destination: u.key.publicKey, startingBalance: 100_000_000_000n },
    })),
    ...multisig.map((m) => ({
      body: { type: 'create_account' as const, destination: m.key.publicKey, startingBalance: MULTISIG_FUNDING },
    })),
  ];
  for (const ops of chunks(funding, OPS_PER_SETUP_TX)) writer.submit(root, ops);
  if (options.historyOps > 0) {
    const world = setUp(
      writer,
      users.map((u) => u.key),
      issuers.map((i) => i.key),
    );
    credits = world.credits;
    const activities = new Activities(world, writer, seededRandom(options.seed), options.seed);
    const multisigPays = multisigHistory(writer, multisig, world.users);
    let count = 0;
    const next = (): void => void (++count % MULTISIG_EVERY === 0 ? multisigPays() : activities.next());
    // Each planned ledger takes its share of the operations (calendar.ts); one that gets none
    // closes empty, as quiet ledgers do.
    for (const ledger of planLedgers(options.historyOps, genesis, seededRandom(`${options.seed}:calendar`))) {
      writer.startLedger(ledger.closeTime);
      while (writer.operations < ledger.opsAfter) next();
    }
    while (writer.operations < options.historyOps) next();
    // After the history, so the history is the one it always was (same ledgers, same ids).
    exchange.push(setUpConventions(writer, root, options.seed, issuers));
  }
  const accounts: DemoAccount[] = [
    {
      name: users[0]?.name ?? 'busy',
      publicKey: users[0]?.key.publicKey ?? '',
      secretKey: users[0]?.key.secretKey ?? '',
    },
    { name: 'root', publicKey: root.publicKey, secretKey: root.secretKey },
    ...[...users.slice(1), ...issuers, ...exchange].map((u) => ({
      name: u.name,
      publicKey: u.key.publicKey,
      secretKey: u.key.secretKey,
    })),
    ...multisig.map(demoMultisig),
  ];
  // The file first, then the commit that marks the history complete: a crash in between makes
  // the next start generate again (deterministically, the same file).
  writeDemoAccounts(options.dataDir, core.passphrase, accounts);
  if (options.historyOps > 0) writeDemoDirectory(options.dataDir, demoDirectory(accounts, credits));
  writer.finish({ history_generated: String(writer.operations), history_seed: options.seed });
  return accounts;
}

export function writeDemoAccounts(dataDir: string, passphrase: string, accounts: DemoAccount[]): void {
  writeFileSync(join(dataDir, 'demo-accounts.json'), `${JSON.stringify({ passphrase, accounts }, null, 2)}\n`, {
    mode: 0o600,
  });
}

function setUp(writer: HistoryWriter, users: FastKeypair[], issuers: FastKeypair[]): World {
  const [issuerA, issuerB] = issuers as [FastKeypair, FastKeypair];
  const usd = creditAsset('USD', issuerA.publicKey);
  const eur = creditAsset('EUR', issuerA.publicKey);
  const btc = creditAsset('BTC', issuerB.publicKey);
  const gold = creditAsset('GOLDCOIN', issuerB.publicKey);
  const credits = [usd, eur, btc, gold];
  writer.startLedger();
  for (const user of users) {
    writer.submit(
      user,
      credits.map((asset) => ({ body: { type: 'change_trust' as const, asset, limit: 10n ** 16n } })),
    );
  }
  writer.startLedger();
  for (const [issuer, assets] of [
    [issuerA, [usd, eur]],
    [issuerB, [btc, gold]],
  ] as [FastKeypair, Asset[]][]) {
    const ops = users.flatMap((u) =>
      assets.map((asset) => ({
        body: { type: 'payment' as const, destination: u.publicKey, asset, amount: 10n ** 13n },
      })),
    );
    for (const part of chunks(ops, OPS_PER_SETUP_TX)) writer.submit(issuer, part);
  }
  const pairs: [Asset, Asset][] = [
    [NATIVE_ASSET, usd],
    [eur, usd],
    [btc, gold],
  ].map(([a, b]) => (compareAssets(a as Asset, b as Asset) < 0 ? [a as Asset, b as Asset] : [b as Asset, a as Asset]));
  const pools = pairs.map(([assetA, assetB]) => ({ id: poolId({ assetA, assetB, fee: POOL_FEE_BP }), assetA, assetB }));
  const providers = users.slice(0, Math.min(users.length, 6));
  writer.startLedger();
  for (const user of providers) {
    writer.submit(
      user,
      pairs.map(([assetA, assetB]) => ({
        body: {
          type: 'change_trust' as const,
          asset: NATIVE_ASSET,
          pool: { assetA, assetB, fee: POOL_FEE_BP },
          limit: 10n ** 17n,
        },
      })),
    );
  }
  return { users, issuers, credits, pools, providers };
}

function demoMultisig(m: MultisigAccount): DemoAccount {
  return {
    name: m.name,
    publicKey: m.key.publicKey,
    secretKey: m.key.secretKey,
    masterWeight: m.masterWeight,
    thresholds: m.thresholds,
    signers: m.signers.map((s) => ({ publicKey: s.key.publicKey, secretKey: s.key.secretKey, weight: s.weight })),
  };
}

/**
 * Sets the multisig accounts up in a ledger of their own, with a first payment signed by each of
 * their signer sets, and returns the next payment's maker: the accounts take turns, paying the
 * users in turn amounts drawn from a counter (the seeded random stays the activities' own).
 */
function multisigHistory(writer: HistoryWriter, accounts: MultisigAccount[], users: FastKeypair[]): () => void {
  if (accounts.length === 0) return () => undefined;
  writer.startLedger();
  for (const account of accounts) setUpMultisig(writer, account);
  let turn = 0;
  const pay = (account: MultisigAccount, set: number) => {
    const to = users[turn % users.length] as FastKeypair;
    multisigPayment(writer, account, to.publicKey, BigInt(1 + ((turn * 7919) % 1000)) * 100_000n, set);
    turn += 1;
  };
  for (const account of accounts) account.paySets.forEach((_, set) => pay(account, set));
  return () => pay(accounts[turn % accounts.length] as MultisigAccount, Math.floor(turn / accounts.length));
}
