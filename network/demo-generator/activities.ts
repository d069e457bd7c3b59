// One generated transaction at a time, drawn from a seeded mix: mostly payments (the busy
// account in most of them, so that one account has a deep payment history), then claimable
// balances, pool deposits and withdrawals, data entries, sequence bumps, options, trust limits,
// short-lived accounts that merge back, and deliberately failing transactions.
import { StrKey } from '@stellar/stellar-base';
import { type Asset, type Claimant, NATIVE_ASSET, type Operation } from '../validator/model';
import { predicateHolds } from '../validator/ops-trust';
import { dataKey, trustlineKey } from '../validator/state';
import { type FastKeypair, namedKeypair } from './keys';
import { Draw, type World } from './draw';
import type { HistoryWriter } from './writer';

export type { World } from './draw';

type Kind =
  | 'pay'
  | 'cbCreate'
  | 'cbClaim'
  | 'deposit'
  | 'withdraw'
  | 'data'
  | 'bump'
  | 'options'
  | 'trust'
  | 'temp'
  | 'merge'
  | 'fail';
const MIX: [Kind, number][] = [
  ['pay', 62],
  ['cbCreate', 5],
  ['cbClaim', 4],
  ['deposit', 4],
  ['withdraw', 3],
  ['data', 4],
  ['bump', 2],
  ['options', 3],
  ['trust', 2],
  ['temp', 2],
  ['merge', 2],
  ['fail', 4],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

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
  ) {
    this.draw = new Draw(world, random);
  }

  private readonly draw: Draw;

  next(): void {
    let roll = this.draw.int(TOTAL_WEIGHT);
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
      case 'pay':
        return this.pay();
      case 'cbCreate':
        return this.cbCreate();
      case 'cbClaim':
        return this.cbClaim();
      case 'deposit':
        return this.deposit();
      case 'withdraw':
        return this.withdraw(false);
      case 'data':
        return this.data();
      case 'bump':
        return this.bump();
      case 'options':
        return this.options();
      case 'trust':
        return this.trust();
      case 'temp':
        return this.temp();
      case 'merge':
        return this.merge();
      case 'fail':
        return this.fail();
    }
  }

  private pay(): boolean {
    const sender = this.random() < 0.5 ? this.draw.busy : this.draw.pick(this.world.users);
    const count = 1 + this.draw.int(8);
    const ops: Operation[] = [];
    for (let i = 0; i < count; i++) {
      const receiver = sender !== this.draw.busy && this.random() < 0.5 ? this.draw.busy : this.draw.other(sender);
      ops.push({
        body: {
          type: 'payment',
          destination: receiver.publicKey,
          asset: this.draw.asset(),
          amount: this.draw.amount(),
        },
      });
    }
    this.writer.submit(
      sender,
      ops,
      this.random() < 0.1 ? { memo: { type: 'text', value: `invoice ${this.draw.int(100000)}` } } : {},
    );
    return true;
  }

  private cbCreate(): boolean {
    const source = this.draw.pick(this.world.users);
    const claimants: Claimant[] = [
      { destination: this.draw.other(source).publicKey, predicate: this.draw.predicate(this.writer.closeTime) },
    ];
    if (this.random() < 0.5) claimants.push({ destination: source.publicKey, predicate: { type: 'unconditional' } });
    const applied = this.writer.submit(source, [
      { body: { type: 'create_claimable_balance', asset: this.draw.asset(), amount: this.draw.amount(), claimants } },
    ]);
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
    const source = this.draw.pick(this.world.providers);
    const pool = this.draw.pick(this.world.pools);
    const state = this.writer.state.pools.get(pool.id);
    const maxA = this.draw.amount() * 10n;
    const maxB =
      state && state.reserveA > 0n ? (maxA * state.reserveB) / state.reserveA + 1n : this.draw.amount() * 10n;
    const wide = { min: { n: 1, d: 1_000_000 }, max: { n: 1_000_000, d: 1 } };
    this.writer.submit(source, [
      { body: { type: 'liquidity_pool_deposit', poolId: pool.id, maxA, maxB, minPrice: wide.min, maxPrice: wide.max } },
    ]);
    return true;
  }

  private withdraw(tooMuch: boolean): boolean {
    const source = this.draw.pick(this.world.providers);
    const pool = this.draw.pick(this.world.pools);
    const line = this.writer.state.trustlines.get(trustlineKey(source.publicKey, `pool:${pool.id}`));
    if (!line || line.balance < 10n) return false;
    const amount = tooMuch ? line.balance + 1n : line.balance / 10n;
    this.writer.submit(source, [
      { body: { type: 'liquidity_pool_withdraw', poolId: pool.id, amount, minA: 0n, minB: 0n } },
    ]);
    return true;
  }

  private data(): boolean {
    const source = this.draw.pick(this.world.users);
    const name = `config.${this.draw.int(6)}`;
    const exists = this.writer.state.data.has(dataKey(source.publicKey, name));
    const value = exists && this.random() < 0.4 ? null : Buffer.from(`value-${this.draw.int(1_000_000)}`);
    this.writer.submit(source, [{ body: { type: 'manage_data', name, value } }]);
    return true;
  }

  private bump(): boolean {
    const source = this.draw.pick(this.world.users);
    const seq = this.writer.state.accounts.get(source.publicKey)?.seq ?? 0n;
    this.writer.submit(source, [{ body: { type: 'bump_sequence', bumpTo: seq + 2n + BigInt(this.draw.int(50)) } }]);
    return true;
  }

  private options(): boolean {
    const source = this.draw.pick(this.world.users);
    const account = this.writer.state.accounts.get(source.publicKey);
    if (!account) return false;
    let op: Operation;
    if (account.signers.length > 0 && this.random() < 0.4) {
      op = {
        body: { type: 'set_options', options: { signer: { key: this.draw.pick(account.signers).key, weight: 0 } } },
      };
    } else if (account.signers.length < 3 && this.random() < 0.5) {
      op = {
        body: {
          type: 'set_options',
          options: { signer: { key: StrKey.encodeEd25519PublicKey(this.draw.key()), weight: 1 } },
        },
      };
    } else {
      op = { body: { type: 'set_options', options: { homeDomain: `user${this.draw.int(1000)}.example.org` } } };
    }
    this.writer.submit(source, [op]);
    return true;
  }

  private trust(): boolean {
    const source = this.draw.pick(this.world.users);
    const asset = this.draw.pick(this.world.credits);
    const line = this.writer.state.trustlines.get(trustlineKey(source.publicKey, asset.key));
    if (!line) return false;
    this.writer.submit(source, [
      { body: { type: 'change_trust', asset, limit: line.balance + 10n ** 15n + BigInt(this.draw.int(1_000_000)) } },
    ]);
    return true;
  }

  private temp(): boolean {
    const funder = this.draw.pick(this.world.users);
    // Merged accounts' keys are reused (deriving a key pair costs more than the whole operation).
    const key = this.freeTemps.pop() ?? namedKeypair(this.seed, `temp-${this.tempCounter++}`);
    this.writer.submit(funder, [
      { body: { type: 'create_account', destination: key.publicKey, startingBalance: 50_000_000n } },
    ]);
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
    const source = this.draw.pick(this.world.users);
    const receiver = this.draw.other(source);
    const payment = (amount: bigint, destination = receiver.publicKey, asset: Asset = NATIVE_ASSET): Operation => ({
      body: { type: 'payment', destination, asset, amount },
    });
    switch (this.draw.int(5)) {
      case 0: {
        const balance = this.writer.state.accounts.get(source.publicKey)?.balance ?? 0n;
        this.writer.submit(source, [payment(balance + 1n)]);
        return true;
      }
      case 1:
        this.writer.submit(source, [payment(this.draw.amount(), StrKey.encodeEd25519PublicKey(this.draw.key()))]);
        return true;
      case 2:
        this.writer.submit(source, [
          payment(this.draw.amount()),
          { body: { type: 'claim_claimable_balance', balanceId: `00000000${'ab'.repeat(32)}` } },
        ]);
        return true;
      case 3: {
        const temp = this.temps[this.temps.length - 1];
        if (!temp) return false;
        this.writer.submit(source, [
          payment(this.draw.amount(), temp.key.publicKey, this.draw.pick(this.world.credits)),
        ]);
        return true;
      }
      default:
        return this.withdraw(true);
    }
  }
}
