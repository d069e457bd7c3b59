// Conformance of the ledger meta readers (core/sources/ledger-meta/) with real public-network
// ledgers (protocols 20 to 26, transaction meta v3 and v4, as the public lake re-encodes them):
// for every transaction, the CAP-67 asset events read from it add up, per account and asset, to the
// balance changes its ledger entry changes record, to the stroop. Skips where ../shared is absent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { Networks, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import {
  AssetContracts,
  readAssetEvent,
  netOfEvents,
  type AssetEvent,
} from '../../core/sources/ledger-meta/asset-events';
import { changeListsOf, eventsOf, ledgerSequenceOf, transactionsOf } from '../../core/sources/ledger-meta/close-meta';
import { entryBalances, netOfEntries, netOfTransaction } from '../../core/sources/ledger-meta/entry-balances';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { ledgerTransactions } from '../../core/sources/rpc/listings';
import { rpcOperations } from '../../core/sources/rpc/operations';
import { movesOf } from '../../shared/moves';
import { realFixtures } from '../support/real-fixtures';

const DIR = realFixtures('ledger-meta-real');
const PUBNET = new AssetContracts(Networks.PUBLIC);

const V4_LEDGERS = [51000294, 57500008, 63092988, 63092990, 63092996];

function ledger(sequence: number): xdr.LedgerCloseMeta {
  return xdr.LedgerCloseMeta.fromXDR(gunzipSync(readFileSync(join(DIR!, `ledger-${sequence}.xdr.gz`))));
}

/** Accounts only (G…): a contract's, a pool's or a claimable balance's holdings are not entries of this kind. */
function accountsOnly(net: Map<string, bigint>): Map<string, bigint> {
  return new Map([...net].filter(([key, value]) => key.startsWith('G') && !key.includes('|pool:') && value !== 0n));
}

describe.skipIf(!DIR)(
  'operations of real public ledgers, read from their XDR by the one translator (RPC, the lake)',
  () => {
    it.each(V4_LEDGERS)(
      'ledger %i: every transaction found in its set by hash, every operation read as its own type, its moves read',
      (sequence) => {
        const lcm = ledger(sequence);
        const closedAt = new Date(Number(lcm.value().ledgerHeader().header().scpValue().closeTime().toBigInt()) * 1000);
        const txs = ledgerTransactions(lcm, closedAt.toISOString(), Networks.PUBLIC);
        expect(txs).toHaveLength(transactionsOf(lcm).length);
        let operations = 0;
        for (const tx of txs) {
          const envelope = xdr.TransactionEnvelope.fromXDR(tx.envelopeXdr, 'base64');
          const inner =
            envelope.switch().name === 'envelopeTypeTxFeeBump'
              ? envelope.feeBump().tx().innerTx().v1().tx()
              : envelope.switch().name === 'envelopeTypeTxV0'
                ? envelope.v0().tx()
                : envelope.v1().tx();
          const records = rpcOperations(tx, PUBNET);
          expect(records, `transaction ${tx.txHash}`).toHaveLength(inner.operations().length);
          for (const record of records) {
            const read = normalizeOperation(record, { raw: null });
            // Never the fallback record: each pubnet operation reads as the type it is.
            expect(read.type, `${String(record['type'])} of ${tx.txHash}`).toBe(record['type']);
            expect(read.transactionHash).toBe(tx.txHash);
            movesOf(read, read.sourceAccount);
            operations++;
          }
        }
        expect(operations).toBeGreaterThan(txs.length);
      },
    );
  },
);

describe.skipIf(!DIR)('ledger meta of the public network', () => {
  it.each(V4_LEDGERS)(
    'ledger %i: every transaction’s asset events equal its balance changes, per account and asset',
    (sequence) => {
      const lcm = ledger(sequence);
      expect(ledgerSequenceOf(lcm)).toBe(sequence);
      const txs = transactionsOf(lcm);
      expect(txs.length).toBeGreaterThan(100);
      let compared = 0;
      const kinds = new Set<string>();
      for (const tx of txs) {
        expect(tx.metaVersion).toBe(4);
        const events = eventsOf(tx)
          .map((event) => readAssetEvent(event, PUBNET))
          .filter((event): event is AssetEvent => event !== null);
        for (const event of events) kinds.add(event.kind);
        // An issuer holds no balance of its own asset: what it sends is minted, what it receives burnt.
        const fromEvents = accountsOnly(netOfEvents(events));
        const fromEntries = accountsOnly(netOfTransaction(changeListsOf(tx)));
        expect(Object.fromEntries(fromEvents), `transaction ${tx.hash} (#${tx.order})`).toEqual(
          Object.fromEntries(fromEntries),
        );
        compared += fromEntries.size;
      }
      expect(compared).toBeGreaterThan(txs.length); // every transaction pays a fee, most move more
      expect(kinds.has('fee') && kinds.has('transfer')).toBe(true);
    },
  );

  it('every transaction pays its fee as a `fee` event before all transactions, equal to its fee changes', () => {
    for (const sequence of V4_LEDGERS) {
      for (const tx of transactionsOf(ledger(sequence))) {
        const charged = tx.transactionEvents.filter((e) => e.stage === 'transactionEventStageBeforeAllTxes');
        expect(charged).toHaveLength(1);
        const fee = readAssetEvent(charged[0]!.event, PUBNET)!;
        expect(fee.kind).toBe('fee');
        const net = netOfEntries(entryBalances([tx.feeChanges]));
        expect(net.get(`${fee.from}|native`)).toBe(-fee.stroops);
      }
    }
  });

  it('a lake object of protocol 21 (meta v3, no events): read from the entry changes alone', () => {
    const batch = xdr.LedgerCloseMetaBatch.fromXDR(
      zstdDecompressSync(readFileSync(join(DIR!, 'FCD285FF--53312000.xdr.zstd'))),
    );
    expect(batch.startSequence()).toBe(53312000);
    const [lcm] = batch.ledgerCloseMeta();
    const txs = transactionsOf(lcm!);
    expect(txs).toHaveLength(163);
    expect(txs.filter((tx) => !tx.successful)).toHaveLength(62);
    expect(new Set(txs.map((tx) => tx.metaVersion))).toEqual(new Set([3]));
    // No asset events in meta v3: the balances its changes record are the only reading, and each
    // transaction at least paid its fee from an account whose balance fell by it.
    for (const tx of txs) {
      expect(
        eventsOf(tx)
          .map((e) => readAssetEvent(e, PUBNET))
          .filter(Boolean),
      ).toEqual([]);
      const fee = [...netOfEntries(entryBalances([tx.feeChanges])).values()];
      expect(fee).toHaveLength(1);
      expect(fee[0]!).toBeLessThan(0n);
    }
  });
});
