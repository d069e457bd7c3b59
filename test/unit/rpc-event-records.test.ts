// core/sources/rpc/event-records.ts against Stellar RPC's own examples and Stellar Laboratory's
// captures (../shared/fixtures/rpc-real, skipped where absent): XLM transfers between an account
// and a contract, fee charges with ids of transaction 0, a refund, a custom token's muxed transfer
// that is not a classic asset's; and records that lie about themselves refused by name.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Networks, xdr } from '@stellar/stellar-base';
import * as xdrJson from '@stellar/stellar-xdr-json';
import { describe, expect, it } from 'vitest';
import { AssetContracts, readAssetEvent } from '../../core/sources/ledger-meta/asset-events';
import { EventRecordError, RpcEventRecord, readEventId, readEventRecord } from '../../core/sources/rpc/event-records';
import { realFixtures } from '../support/real-fixtures';

const TESTNET = new AssetContracts(Networks.TESTNET);
const DIR = realFixtures('rpc-real');

function getEventsExample(index: number): RpcEventRecord[] {
  const file = JSON.parse(readFileSync(join(DIR!, 'openrpc', 'getEvents.json'), 'utf8')) as {
    examples: { derived_response: { result: { events: unknown[] } } }[];
  };
  return file.examples[index]!.derived_response.result.events.map((record) => RpcEventRecord.parse(record));
}

describe('event ids', () => {
  it('reads the TOID and index, and refuses any other shape', () => {
    expect(readEventId('0016010972359577600-0000000008')).toEqual({
      toid: { ledger: 3727845, txOrder: 5, opIndex: 0 },
      index: 8,
    });
    expect(readEventId('0016019351840751616-0000000000').toid).toEqual({ ledger: 3729796, txOrder: 0, opIndex: 0 });
    for (const bad of ['16010972359577600-8', '0016010972359577600_0000000008', '0016010972359577600-00000000080', 'x'])
      expect(() => readEventId(bad)).toThrow(EventRecordError);
    expect(() => readEventId('0016010972359577600-9999999999')).toThrow('beyond 4294967295');
  });
});

describe.skipIf(!DIR)('Stellar RPC getEvents records', () => {
  it('XLM transfers of testnet’s native SAC: from an account to a contract, exact stroops, ordered by id', () => {
    const [first, second] = getEventsExample(0).map((record) => readEventRecord(record, TESTNET)!);
    expect(first).toMatchObject({
      id: '0016010972359577600-0000000001',
      ledger: 3727845,
      txOrder: 5,
      txHash: 'a5c9247b77eb04c0d857934a2e988c408167976c8acbdf3d8acf64c44deb3beb',
      event: { kind: 'transfer', asset: 'native', stroops: 3_000_000_000n },
    });
    expect(first!.event.from).toMatch(/^G[A-Z2-7]{55}$/);
    expect(first!.event.to).toMatch(/^C[A-Z2-7]{55}$/);
    expect(second!.event).toMatchObject({ kind: 'transfer', stroops: 42558863n });
    expect(second!.event.from).toMatch(/^C/);
  });

  it('fee events before all transactions (transaction 0 in their id), in a failed call too', () => {
    const records = getEventsExample(1);
    const fees = records.map((record) => readEventRecord(record, TESTNET)!);
    expect(fees.map((f) => [f.txOrder, f.event.kind, f.event.stroops])).toEqual([
      [0, 'fee', 100n],
      [0, 'fee', 300n],
    ]);
    expect(records[0]!.inSuccessfulContractCall).toBe(false);
    // The same records read on another network are not its XLM.
    expect(readEventRecord(records[0]!, new AssetContracts(Networks.PUBLIC))).toBeNull();
  });

  it('Laboratory’s muxed capture: a fee charged and refunded; a custom token’s muxed transfer is not a classic asset’s', () => {
    const capture = JSON.parse(readFileSync(join(DIR!, 'laboratory', 'TX_EVENTS_MOCK_MUXED.json'), 'utf8')) as {
      response: {
        result: { events: { transactionEventsJson: { event: unknown }[]; contractEventsJson: unknown[][] } };
      };
    };
    const require = createRequire(import.meta.url);
    xdrJson.initSync(readFileSync(require.resolve('@stellar/stellar-xdr-json/stellar_xdr_json_bg.wasm')));
    const fromJson = (json: unknown) =>
      xdr.ContractEvent.fromXDR(xdrJson.encode('ContractEvent', JSON.stringify(json)), 'base64');
    const { transactionEventsJson, contractEventsJson } = capture.response.result.events;
    const fees = transactionEventsJson.map(({ event }) => readAssetEvent(fromJson(event), TESTNET)!);
    expect(fees.map((f) => [f.kind, f.stroops])).toEqual([
      ['fee', 84346n],
      ['fee', -38789n],
    ]);
    const [[token]] = contractEventsJson as [[unknown]];
    expect(readAssetEvent(fromJson(token), TESTNET)).toBeNull();
  });

  it('refuses a record whose id is of another ledger, or whose XDR is not XDR, naming the event', () => {
    const [record] = getEventsExample(0);
    expect(() => readEventRecord({ ...record!, ledger: record!.ledger + 1 }, TESTNET)).toThrow(
      'event 0016010972359577600-0000000001 says ledger 3727846, but its id is of ledger 3727845',
    );
    expect(() => readEventRecord({ ...record!, value: 'AAAA!!' }, TESTNET)).toThrow(
      /event 0016010972359577600-0000000001 has a topic or value that is not XDR/,
    );
    expect(() => RpcEventRecord.parse({ ...record!, txHash: 'nothex' })).toThrow();
  });
});
