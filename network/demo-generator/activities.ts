// One generated transaction at a time, drawn from a seeded mix: mostly payments (the busy
// account in most of them, so that one account has a deep payment history), then claimable
// balances, pool deposits and withdrawals, data entries, sequence bumps, options, trust limits,
// short-lived accounts that merge back, and deliberately failing transactions.
import { StrKey } from '@stellar/stellar-base';
import { type Asset, type Claimant, NATIVE_ASSET, type Operation, type Predicate } from '../validator/model';
import { predicateHolds } from '../validator/ops-trust';
import { dataKey, trustlineKey } from '../validator/state';
import { type FastKeypair, namedKeypair } from './keys';
import type { HistoryWriter } from './writer';

export interface World {
  users: FastKeypair[];
  issuers: FastKeypair[];
  credits: Asset[];
  pools: { id: string; assetA: Asset; assetB: Asset }[];
  providers: FastKeypair[];
}

type Kind = 'pay' | 'cbCreate' | 'cbClaim' | 'deposit' | 'withdraw' | 'data' | 'bump' | 'options' | 'trust' | 'temp' | 'merge' | 'fail';
const MIX: [Kind, number][] = [
  ['pay', 62], ['cbCreate', 5], ['cbClaim', 4], ['deposit', 4], ['withdraw', 3], ['data', 4], ['bump', 2],
  ['options', 3], ['trust', 2], ['temp', 2], ['merge', 2], ['fail', 4],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);
const DAY = 86_400n;

export class Activities {
  private readonly balances: { id: string; claimants: Claimant[] }[] = [];
  private readonly temps: { key: FastKeypair; funder: string; ledger: number }[] = [];
  private tempCounter = 0;
  private readonly freeTemps: FastKeypair[] = [];

  constructor(
    private readonly world: World,
    private readonly writer: HistoryWriter,
    private readonly random: () => number,
    private readonly seed: string,
  ) {}

  private int(n: number): number {
    return Math.floor(this.random() * n);
  }

  private pick<T>(items: T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('generator: nothing to pick from');
    return item;
  }

  private get busy(): FastKeypair {
    return this.world.users[0] as FastKeypair;
  }

  private other(than: FastKeypair): FastKeypair {
    const rest = this.world.users.filter((u) => u !== than);
    return this.pick(rest);
  }

  private amount(): bigint {
    return BigInt(1 + this.int(1_000_000_000));
  }

  private asset(): Asset {
    return this.random() < 0.4 ? NATIVE_ASSET : this.pick(this.world.credits);
  }

  next(): void {
    let roll = this.int(TOTAL_WEIGHT);
    let kind: Kind = 'pay';
    for (const [k, weight] of MIX) {
      if (roll < weight) {
        kind = k;
        break;
      }
      roll -= weight;
    }
    if (!this.run(kind)) this.pay();
  }

  private run(kind: Kind): boolean {
    switch (kind) {
      case 'pay': return this.pay();
      case 'cbCreate': return this.cbCreate();
      case 'cbClaim': return this.cbClaim();
      case 'deposit': return this.deposit();
      case 'withdraw': return this.withdraw(false);
      case 'data': return this.data();
      case 'bump': return this.bump();
      case 'options': return this.options();
      case 'trust': return this.trust();
      case 'temp': return this.temp();
      case 'merge': return this.merge();
      case 'fail': return this.fail();
    }
  }

  private pay(): boolean {
    const sender = this.random() < 0.5 ? this.busy : this.pick(this.world.users);
    const count = 1 + this.int(8);
    const ops: Operation[] = [];
    for (let i = 0; i < count; i++) {
      const receiver = sender !== this.busy && this.random() < 0.5 ? this.busy : this.other(sender);
      ops.push({ body: { type: 'payment', destination: receiver.publicKey, asset: this.asset(), amount: this.amount() } });
    }
    this.writer.submit(sender, ops, this.random() < 0.1 ? { memo: { type: 'text', value: `invoice ${this.int(100000)}` } } : {});
    return true;
  }

  private predicate(): Predicate {
    const now = this.writer.closeTime;
    switch (this.int(4)) {
      case 0: return { type: 'unconditional' };
      case 1: return { type: 'abs_before', epoch: now + 30n * DAY };
      case 2: return { type: 'not', part: { type: 'abs_before', epoch: now + 60n } };
      default: return { type: 'or', parts: [{ type: 'abs_before', epoch: now + DAY }, { type: 'not', part: { type: 'abs_before', epoch: now + 2n * DAY } }] };
    }
  }

  private cbCreate(): boolean {
    const source = this.pick(this.world.users);
    const claimants: Claimant[] = [{ destination: this.other(source).publicKey, predicate: this.predicate() }];
    if (this.random() < 0.5) claimants.push({ destination: source.publicKey, predicate: { type: 'unconditional' } });
    const applied = this.writer.submit(source, [{ body: { type: 'create_claimable_balance', asset: this.asset(), amount: this.amount(), claimants } }]);
    const id = /"balance_id":"([0-9a-f]{72})"/.exec(applied.ops[0]?.details ?? '')?.[1];
    if (id && applied.successful) this.balances.push({ id, claimants });
    return true;
  }

  private cbClaim(): boolean {
    const closeTime = this.writer.closeTime + 5n;
    for (let i = 0; i < this.balances.length; i++) {
      const balance = this.balances[i];
      const claimant = balance?.claimants.find((c) => predicateHolds(c.predicate, closeTime));
      if (!balance || !claimant) continue;
      const key = this.world.users.find((u) => u.publicKey === claimant.destination);
      if (!key) continue;
      this.balances.splice(i, 1);
      this.writer.submit(key, [{ body: { type: 'claim_claimable_balance', balanceId: balance.id } }]);
      return true;
    }
    return false;
  }

  private deposit(): boolean {
    const source = this.pick(this.world.providers);
    const pool = this.pick(this.world.pools);
    const state = this.writer.state.pools.get(pool.id);
    const maxA = this.amount() * 10n;
    const maxB = state && state.reserveA > 0n ? (maxA * state.reserveB) / state.reserveA + 1n : this.amount() * 10n;
    const wide = { min: { n: 1, d: 1_000_000 }, max: { n: 1_000_000, d: 1 } };
    this.writer.submit(source, [{ body: { type: 'liquidity_pool_deposit', poolId: pool.id, maxA, maxB, minPrice: wide.min, maxPrice: wide.max } }]);
    return true;
  }

  private withdraw(tooMuch: boolean): boolean {
    const source = this.pick(this.world.providers);
    const pool = this.pick(this.world.pools);
    const line = this.writer.state.trustlines.get(trustlineKey(source.publicKey, `pool:${pool.id}`));
    if (!line || line.balance < 10n) return false;
    const amount = tooMuch ? line.balance + 1n : line.balance / 10n;
    this.writer.submit(source, [{ body: { type: 'liquidity_pool_withdraw', poolId: pool.id, amount, minA: 0n, minB: 0n } }]);
    return true;
  }

  private data(): boolean {
    const source = this.pick(this.world.users);
    const name = `config.${this.int(6)}`;
    const exists = this.writer.state.data.has(dataKey(source.publicKey, name));
    const value = exists && this.random() < 0.4 ? null : Buffer.from(`value-${this.int(1_000_000)}`);
    this.writer.submit(source, [{ body: { type: 'manage_data', name, value } }]);
    return true;
  }

  private bump(): boolean {
    const source = this.pick(this.world.users);
    const seq = this.writer.state.accounts.get(source.publicKey)?.seq ?? 0n;
    this.writer.submit(source, [{ body: { type: 'bump_sequence', bumpTo: seq + 2n + BigInt(this.int(50)) } }]);
    return true;
  }

  private options(): boolean {
    const source = this.pick(this.world.users);
    const account = this.writer.state.accounts.get(source.publicKey);
    if (!account) return false;
    let op: Operation;
    if (account.signers.length > 0 && this.random() < 0.4) {
      op = { body: { type: 'set_options', options: { signer: { key: this.pick(account.signers).key, weight: 0 } } } };
    } else if (account.signers.length < 3 && this.random() < 0.5) {
      op = { body: { type: 'set_options', options: { signer: { key: StrKey.encodeEd25519PublicKey(randomKey(this.random)), weight: 1 } } } };
    } else {
      op = { body: { type: 'set_options', options: { homeDomain: `user${this.int(1000)}.example.org` } } };
    }
    this.writer.submit(source, [op]);
    return true;
  }

  private trust(): boolean {
    const source = this.pick(this.world.users);
    const asset = this.pick(this.world.credits);
    const line = this.writer.state.trustlines.get(trustlineKey(source.publicKey, asset.key));
    if (!line) return false;
    this.writer.submit(source, [{ body: { type: 'change_trust', asset, limit: line.balance + 10n ** 15n + BigInt(this.int(1_000_000)) } }]);
    return true;
  }

  private temp(): boolean {
    const funder = this.pick(this.world.users);
    // Merged accounts' keys are reused (deriving a key pair costs more than the whole operation).
    const key = this.freeTemps.pop() ?? namedKeypair(this.seed, `temp-${this.tempCounter++}`);
    this.writer.submit(funder, [{ body: { type: 'create_account', destination: key.publicKey, startingBalance: 50_000_000n } }]);
    this.temps.push({ key, funder: funder.publicKey, ledger: this.writer.ledger });
    return true;
  }

  private merge(): boolean {
    const temp = this.temps[0];
    if (!temp || temp.ledger >= this.writer.ledger) return false;
    this.temps.shift();
    const merged = this.writer.submit(temp.key, [{ body: { type: 'account_merge', destination: temp.funder } }]);
    if (merged.successful) this.freeTemps.push(temp.key);
    return true;
  }

  /** A transaction that fails when applied: its fee is charged and its sequence used. */
  private fail(): boolean {
    const source = this.pick(this.world.users);
    const receiver = this.other(source);
    const payment = (amount: bigint, destination = receiver.publicKey, asset: Asset = NATIVE_ASSET): Operation => ({
      body: { type: 'payment', destination, asset, amount },
    });
    switch (this.int(5)) {
      case 0: {
        const balance = this.writer.state.accounts.get(source.publicKey)?.balance ?? 0n;
        this.writer.submit(source, [payment(balance + 1n)]);
        return true;
      }
      case 1:
        this.writer.submit(source, [payment(this.amount(), StrKey.encodeEd25519PublicKey(randomKey(this.random)))]);
        return true;
      case 2:
        this.writer.submit(source, [payment(this.amount()), { body: { type: 'claim_claimable_balance', balanceId: `00000000${'ab'.repeat(32)}` } }]);
        return true;
      case 3: {
        const temp = this.temps[this.temps.length - 1];
        if (!temp) return false;
        this.writer.submit(source, [payment(this.amount(), temp.key.publicKey, this.pick(this.world.credits))]);
        return true;
      }
      default:
        return this.withdraw(true);
    }
  }
}

function randomKey(random: () => number): Buffer {
  const bytes = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}
