// The generator's multi-signature demo accounts: a 2-of-3 one and a weighted one, both with the
// master key's weight at 0, so that only their signers sign (the core checks every signature;
// the generator's own transactions are applied trusted but signed exactly as the core wants them:
// only signers whose weight is needed, so that none is txBAD_AUTH_EXTRA).
import type { Operation } from '../validator/model';
import { type FastKeypair, namedKeypair } from './keys';
import type { HistoryWriter } from './writer';

export interface Thresholds {
  low: number;
  med: number;
  high: number;
}

export interface MultisigAccount {
  name: string;
  key: FastKeypair;
  masterWeight: number;
  thresholds: Thresholds;
  signers: { key: FastKeypair; weight: number }[];
  /** Sets of signer indexes that meet the medium threshold exactly (no signature to spare). */
  paySets: number[][];
}

/** Each multisig account's starting balance: 100 000 of the native currency, in units. */
export const MULTISIG_FUNDING = 1_000_000_000_000n;

export function multisigAccounts(seed: string): MultisigAccount[] {
  const signers = (name: string, weights: number[]) =>
    weights.map((weight, i) => ({ key: namedKeypair(seed, `${name}:signer-${i + 1}`), weight }));
  return [
    {
      name: 'multisig-2of3',
      key: namedKeypair(seed, 'multisig-2of3'),
      masterWeight: 0,
      thresholds: { low: 1, med: 2, high: 2 },
      signers: signers('multisig-2of3', [1, 1, 1]),
      paySets: [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
    },
    {
      name: 'multisig-weighted',
      key: namedKeypair(seed, 'multisig-weighted'),
      masterWeight: 0,
      thresholds: { low: 1, med: 3, high: 5 },
      signers: signers('multisig-weighted', [1, 2, 3]),
      paySets: [[2], [0, 1]],
    },
  ];
}

/** Adds the signers, then sets the thresholds and the master weight: one transaction the master key signs (its weight is still 1 then). */
export function setUpMultisig(writer: HistoryWriter, account: MultisigAccount): void {
  const ops: Operation[] = account.signers.map((s) => ({
    body: { type: 'set_options', options: { signer: { key: s.key.publicKey, weight: s.weight } } },
  }));
  const { low, med, high } = account.thresholds;
  ops.push({
    body: {
      type: 'set_options',
      options: { masterWeight: account.masterWeight, lowThreshold: low, medThreshold: med, highThreshold: high },
    },
  });
  writer.submit(account.key, ops);
}

/** A payment (medium threshold) from a multisig account, signed by one of its exact signer sets. */
export function multisigPayment(
  writer: HistoryWriter,
  account: MultisigAccount,
  destination: string,
  amount: bigint,
  set: number,
): void {
  const chosen = account.paySets[set % account.paySets.length] ?? [];
  const signers = chosen.map((i) => account.signers[i]?.key).filter((k): k is FastKeypair => k !== undefined);
  writer.submit(
    account.key,
    [{ body: { type: 'payment', destination, asset: { type: 'native', key: 'native' }, amount } }],
    {},
    signers,
  );
}
