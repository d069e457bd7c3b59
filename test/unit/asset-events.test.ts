// core/sources/ledger-meta/asset-events.ts on events built with @stellar/stellar-base: each CAP-67
// shape (transfer with a muxed destination, mint and clawback before and after CAP-67, burn, fee
// charge and refund), a look-alike contract's "transfer" of "native" not read as XLM, and each
// malformed SAC event refused with a sentence.
import { Address, Asset, Keypair, Networks, StrKey, nativeToScVal, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import {
  AssetContracts,
  AssetEventError,
  netOfEvents,
  readAssetEvent,
} from '../../core/sources/ledger-meta/asset-events';

const contracts = new AssetContracts(Networks.TESTNET);
const ALICE = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey();
const BOB = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const ISSUER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 3)).publicKey();
const USD = `USD:${ISSUER}`;
const NATIVE_SAC = Asset.native().contractId(Networks.TESTNET);
const USD_SAC = new Asset('USD', ISSUER).contractId(Networks.TESTNET);
const LOOKALIKE = StrKey.encodeContract(Buffer.alloc(32, 9));

const sym = (text: string) => xdr.ScVal.scvSymbol(text);
const str = (text: string) => xdr.ScVal.scvString(text);
const addr = (strkey: string) => new Address(strkey).toScVal();
const i128 = (n: bigint) => nativeToScVal(n, { type: 'i128' });

function event(contract: string, topics: xdr.ScVal[], data: xdr.ScVal): xdr.ContractEvent {
  return new xdr.ContractEvent({
    ext: new xdr.ExtensionPoint(0),
    contractId: StrKey.decodeContract(contract) as unknown as xdr.ContractId,
    type: xdr.ContractEventType.contract(),
    body: new xdr.ContractEventBody(0, new xdr.ContractEventV0({ topics, data })),
  });
}

describe('asset events', () => {
  it('a transfer of XLM: from, to, the amount in stroops, through the native SAC', () => {
    const read = readAssetEvent(
      event(NATIVE_SAC, [sym('transfer'), addr(ALICE), addr(BOB), str('native')], i128(3711000n)),
      contracts,
    );
    expect(read).toEqual({
      kind: 'transfer',
      asset: 'native',
      stroops: 3711000n,
      from: ALICE,
      to: BOB,
      contract: NATIVE_SAC,
    });
  });

  it('a transfer to a muxed destination: the amount and its muxed id from the map (u64, text or hash memo)', () => {
    const map = (id: xdr.ScVal) =>
      xdr.ScVal.scvMap([
        new xdr.ScMapEntry({ key: sym('amount'), val: i128(5n) }),
        new xdr.ScMapEntry({ key: sym('to_muxed_id'), val: id }),
      ]);
    const topics = [sym('transfer'), addr(ALICE), addr(BOB), str(USD)];
    expect(readAssetEvent(event(USD_SAC, topics, map(nativeToScVal(1n, { type: 'u64' }))), contracts)).toMatchObject({
      stroops: 5n,
      to: BOB,
      toMuxedId: '1',
    });
    expect(readAssetEvent(event(USD_SAC, topics, map(str('memo'))), contracts)?.toMuxedId).toBe('memo');
    expect(
      readAssetEvent(event(USD_SAC, topics, map(xdr.ScVal.scvBytes(Buffer.from([0xab, 0x01])))), contracts)?.toMuxedId,
    ).toBe('ab01');
  });

  it('mint and clawback in both shapes (CAP-67 without the admin, the SAC before it with), burn, fee charge and refund', () => {
    expect(readAssetEvent(event(USD_SAC, [sym('mint'), addr(BOB), str(USD)], i128(7n)), contracts)).toMatchObject({
      kind: 'mint',
      to: BOB,
    });
    expect(
      readAssetEvent(event(USD_SAC, [sym('mint'), addr(ISSUER), addr(BOB), str(USD)], i128(7n)), contracts),
    ).toMatchObject({
      kind: 'mint',
      to: BOB,
    });
    expect(readAssetEvent(event(USD_SAC, [sym('clawback'), addr(ALICE), str(USD)], i128(2n)), contracts)).toMatchObject(
      {
        kind: 'clawback',
        from: ALICE,
      },
    );
    expect(
      readAssetEvent(event(USD_SAC, [sym('clawback'), addr(ISSUER), addr(ALICE), str(USD)], i128(2n)), contracts),
    ).toMatchObject({ kind: 'clawback', from: ALICE });
    expect(readAssetEvent(event(USD_SAC, [sym('burn'), addr(ALICE), str(USD)], i128(1n)), contracts)).toMatchObject({
      kind: 'burn',
      from: ALICE,
    });
    const charge = readAssetEvent(event(NATIVE_SAC, [sym('fee'), addr(ALICE)], i128(84346n)), contracts)!;
    const refund = readAssetEvent(event(NATIVE_SAC, [sym('fee'), addr(ALICE)], i128(-38789n)), contracts)!;
    expect([charge.kind, charge.stroops, refund.stroops]).toEqual(['fee', 84346n, -38789n]);
    // Charged, refunded, moved: each account's net per asset.
    const transfer = readAssetEvent(
      event(NATIVE_SAC, [sym('transfer'), addr(ALICE), addr(BOB), str('native')], i128(100n)),
      contracts,
    )!;
    expect(netOfEvents([charge, refund, transfer])).toEqual(
      new Map([
        [`${ALICE}|native`, -84346n + 38789n - 100n],
        [`${BOB}|native`, 100n],
      ]),
    );
  });

  it('another contract\'s "transfer" of "native", or of USD, is not an asset event; nor is another topic', () => {
    const topics = [sym('transfer'), addr(ALICE), addr(BOB), str('native')];
    expect(readAssetEvent(event(LOOKALIKE, topics, i128(1_000_000_000n)), contracts)).toBeNull();
    expect(
      readAssetEvent(event(NATIVE_SAC, [sym('transfer'), addr(ALICE), addr(BOB), str(USD)], i128(1n)), contracts),
    ).toBeNull();
    expect(readAssetEvent(event(LOOKALIKE, [sym('fee'), addr(ALICE)], i128(1n)), contracts)).toBeNull();
    expect(
      readAssetEvent(
        event(USD_SAC, [sym('set_authorized'), addr(ALICE), str(USD)], xdr.ScVal.scvBool(true)),
        contracts,
      ),
    ).toBeNull();
    // The same event on another network's SAC ids: not this network's XLM.
    const onPubnet = new AssetContracts(Networks.PUBLIC);
    expect(readAssetEvent(event(NATIVE_SAC, topics, i128(1n)), onPubnet)).toBeNull();
  });

  it('a SAC event that breaks CAP-67 is refused by name, not guessed at', () => {
    const refused = (topics: xdr.ScVal[], data: xdr.ScVal) => () =>
      readAssetEvent(event(USD_SAC, topics, data), contracts);
    expect(refused([sym('transfer'), addr(ALICE), addr(BOB), str(USD)], i128(-1n))).toThrow(
      new AssetEventError(`the transfer event of ${USD_SAC} moves a negative amount (-1 stroops)`),
    );
    expect(refused([sym('transfer'), addr(ALICE), str(USD)], i128(1n))).toThrow(
      /names 1 addresses, not 2 \(from, to\)/,
    );
    expect(refused([sym('transfer'), addr(ALICE), addr(BOB), str(USD)], xdr.ScVal.scvU32(1))).toThrow(
      /carries scvU32, not an i128/,
    );
    expect(refused([sym('burn'), sym('x'), str(USD)], i128(1n))).toThrow(/a topic that is not an address/);
    expect(
      refused(
        [sym('transfer'), addr(ALICE), addr(BOB), str(USD)],
        xdr.ScVal.scvMap([
          new xdr.ScMapEntry({ key: sym('amount'), val: i128(1n) }),
          new xdr.ScMapEntry({ key: sym('extra'), val: i128(1n) }),
        ]),
      ),
    ).toThrow(/unexpected key "extra"/);
  });
});
