// The demo generator's random draws, all from one seeded source so a history is reproducible:
// numbers, picks among the world's accounts and assets, amounts, claim predicates and raw keys.
import type { Asset, Predicate } from '../validator/model';
import { NATIVE_ASSET } from '../validator/model';
import type { FastKeypair } from './keys';

export interface World {
  users: FastKeypair[];
  issuers: FastKeypair[];
  credits: Asset[];
  pools: { id: string; assetA: Asset; assetB: Asset }[];
  providers: FastKeypair[];
}

const DAY = 86_400n;

export class Draw {
  constructor(
    private readonly world: World,
    private readonly random: () => number,
  ) {}

  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  pick<T>(items: T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('generator: nothing to pick from');
    return item;
  }

  /** The busy account: in most payments, so one account has a deep history. */
  get busy(): FastKeypair {
    return this.world.users[0] as FastKeypair;
  }

  other(than: FastKeypair): FastKeypair {
    return this.pick(this.world.users.filter((u) => u !== than));
  }

  amount(): bigint {
    return BigInt(1 + this.int(1_000_000_000));
  }

  asset(): Asset {
    return this.random() < 0.4 ? NATIVE_ASSET : this.pick(this.world.credits);
  }

  /** A claim predicate relative to the close time `now`: unconditional, before, not before, or either. */
  predicate(now: bigint): Predicate {
    switch (this.int(4)) {
      case 0:
        return { type: 'unconditional' };
      case 1:
        return { type: 'abs_before', epoch: now + 30n * DAY };
      case 2:
        return { type: 'not', part: { type: 'abs_before', epoch: now + 60n } };
      default:
        return {
          type: 'or',
          parts: [
            { type: 'abs_before', epoch: now + DAY },
            { type: 'not', part: { type: 'abs_before', epoch: now + 2n * DAY } },
          ],
        };
    }
  }

  /** 32 random bytes (a key nobody holds). */
  key(): Buffer {
    const bytes = Buffer.alloc(32);
    for (let i = 0; i < 32; i++) bytes[i] = Math.floor(this.random() * 256);
    return bytes;
  }
}
