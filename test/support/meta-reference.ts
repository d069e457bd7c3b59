// The reference for network/validator/meta-writer.ts: the same meta plan encoded through
// @stellar/stellar-base's own XDR classes, slowly and surely. Tests compare the two byte for byte.
import { Address, Asset as StellarAsset, Keypair, nativeToScVal, SignerKey, StrKey, xdr } from '@stellar/stellar-base';
import { claimantXdr } from '../../network/demo-generator/encode';
import type { MetaPlan, PlannedEvent } from '../../network/validator/meta';
import { type Asset, NETWORK_PASSPHRASE } from '../../network/validator/model';
import type {
  Account,
  ClaimableBalance,
  DataEntry,
  EntryChanges,
  Pool,
  Trustline,
} from '../../network/validator/state';

// ---- ledger entry changes ----

/** A segment's changes as LedgerEntryChanges: a state before each update or removal, a created entry whole. */
function entryChanges(changes: EntryChanges, ledger: number): xdr.LedgerEntryChange[] {
  const out: xdr.LedgerEntryChange[] = [];
  const add = <T>(
    list: { before: T | undefined; after: T | undefined }[],
    entry: (row: T, seq: number) => xdr.LedgerEntry,
  ) => {
    for (const { before, after } of list) {
      if (before === undefined && after === undefined) continue;
      if (before === undefined) {
        out.push(xdr.LedgerEntryChange.ledgerEntryCreated(entry(after!, ledger)));
        continue;
      }
      const was = entry(before, lastModified(before) ?? ledger);
      out.push(xdr.LedgerEntryChange.ledgerEntryState(was));
      if (after === undefined) out.push(xdr.LedgerEntryChange.ledgerEntryRemoved(keyOf(was)));
      else out.push(xdr.LedgerEntryChange.ledgerEntryUpdated(entry(after, ledger)));
    }
  };
  add(changes.accounts, accountEntry);
  add(changes.trustlines, trustlineEntry);
  add(changes.balances, balanceEntry);
  add(changes.pools, poolEntry);
  add(changes.data, dataEntry);
  return out;
}

function lastModified(row: unknown): number | undefined {
  const value = (row as { lastModified?: number }).lastModified;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

const accountId = (id: string) => Keypair.fromPublicKey(id).xdrAccountId();
const int64 = (n: bigint) => xdr.Int64.fromString(n.toString());

function ledgerEntry(seq: number, data: xdr.LedgerEntryData, sponsor?: string): xdr.LedgerEntry {
  const ext = sponsor
    ? new xdr.LedgerEntryExt(
        1,
        new xdr.LedgerEntryExtensionV1({ sponsoringId: accountId(sponsor), ext: new xdr.LedgerEntryExtensionV1Ext(0) }),
      )
    : new xdr.LedgerEntryExt(0);
  return new xdr.LedgerEntry({ lastModifiedLedgerSeq: seq, data, ext });
}

function accountEntry(row: Account, seq: number): xdr.LedgerEntry {
  return ledgerEntry(
    seq,
    xdr.LedgerEntryData.account(
      new xdr.AccountEntry({
        accountId: accountId(row.id),
        balance: int64(row.balance),
        seqNum: int64(row.seq),
        numSubEntries: row.subentries,
        inflationDest: null,
        flags: row.flags,
        homeDomain: row.homeDomain,
        thresholds: Buffer.from([row.masterWeight, row.low, row.med, row.high]),
        signers: row.signers.map(
          (signer) => new xdr.Signer({ key: SignerKey.decodeAddress(signer.key), weight: signer.weight }),
        ),
        ext: new xdr.AccountEntryExt(0),
      }),
    ),
  );
}

/** Trustlines here are authorized from the start (the local network sets no issuer flags on them). */
const AUTHORIZED = 1;

function trustlineEntry(row: Trustline, seq: number): xdr.LedgerEntry {
  return ledgerEntry(
    seq,
    xdr.LedgerEntryData.trustline(
      new xdr.TrustLineEntry({
        accountId: accountId(row.account),
        asset: trustLineAsset(row),
        balance: int64(row.balance),
        limit: int64(row.limit),
        flags: AUTHORIZED,
        ext: new xdr.TrustLineEntryExt(0),
      }),
    ),
  );
}

function trustLineAsset(row: Pick<Trustline, 'code' | 'issuer' | 'poolId'>): xdr.TrustLineAsset {
  if (row.poolId) return xdr.TrustLineAsset.assetTypePoolShare(Buffer.from(row.poolId, 'hex') as unknown as xdr.PoolId);
  return new StellarAsset(row.code!, row.issuer!).toTrustLineXDRObject();
}

function stellarAsset(asset: Asset): StellarAsset {
  return asset.type === 'native' ? StellarAsset.native() : new StellarAsset(asset.code, asset.issuer);
}

function balanceIdXdr(id: string): xdr.ClaimableBalanceId {
  return xdr.ClaimableBalanceId.fromXDR(Buffer.from(id, 'hex'));
}

function balanceEntry(row: ClaimableBalance, seq: number): xdr.LedgerEntry {
  return ledgerEntry(
    seq,
    xdr.LedgerEntryData.claimableBalance(
      new xdr.ClaimableBalanceEntry({
        balanceId: balanceIdXdr(row.id),
        claimants: row.claimants.map(claimantXdr),
        asset: stellarAsset(row.asset).toXDRObject(),
        amount: int64(row.amount),
        ext: new xdr.ClaimableBalanceEntryExt(0),
      }),
    ),
    row.sponsor,
  );
}

function poolEntry(row: Pool, seq: number): xdr.LedgerEntry {
  return ledgerEntry(
    seq,
    xdr.LedgerEntryData.liquidityPool(
      new xdr.LiquidityPoolEntry({
        liquidityPoolId: Buffer.from(row.id, 'hex') as unknown as xdr.PoolId,
        body: xdr.LiquidityPoolEntryBody.liquidityPoolConstantProduct(
          new xdr.LiquidityPoolEntryConstantProduct({
            params: new xdr.LiquidityPoolConstantProductParameters({
              assetA: stellarAsset(row.assetA).toXDRObject(),
              assetB: stellarAsset(row.assetB).toXDRObject(),
              fee: row.fee,
            }),
            reserveA: int64(row.reserveA),
            reserveB: int64(row.reserveB),
            totalPoolShares: int64(row.shares),
            poolSharesTrustLineCount: int64(BigInt(row.trustlines)),
          }),
        ),
      }),
    ),
  );
}

function dataEntry(row: DataEntry, seq: number): xdr.LedgerEntry {
  return ledgerEntry(
    seq,
    xdr.LedgerEntryData.data(
      new xdr.DataEntry({
        accountId: accountId(row.account),
        dataName: row.name,
        dataValue: Buffer.from(row.value, 'base64'),
        ext: new xdr.DataEntryExt(0),
      }),
    ),
  );
}

/** The key of an entry (for a removal): built from the entry the state change names. */
function keyOf(entry: xdr.LedgerEntry): xdr.LedgerKey {
  const data = entry.data();
  switch (data.switch().name) {
    case 'account':
      return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: data.account().accountId() }));
    case 'trustline':
      return xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: data.trustLine().accountId(), asset: data.trustLine().asset() }),
      );
    case 'claimableBalance':
      return xdr.LedgerKey.claimableBalance(
        new xdr.LedgerKeyClaimableBalance({ balanceId: data.claimableBalance().balanceId() }),
      );
    case 'liquidityPool':
      return xdr.LedgerKey.liquidityPool(
        new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: data.liquidityPool().liquidityPoolId() }),
      );
    default:
      return xdr.LedgerKey.data(
        new xdr.LedgerKeyData({ accountId: data.data().accountId(), dataName: data.data().dataName() }),
      );
  }
}

// ---- CAP-67 asset events ----

function stellarAddress(who: string): string {
  if (who.startsWith('B:')) return StrKey.encodeClaimableBalance(Buffer.from(who.slice(2), 'hex').subarray(3));
  if (who.startsWith('L:')) return StrKey.encodeLiquidityPool(Buffer.from(who.slice(2), 'hex'));
  return who;
}

function event(asset: Asset, topics: xdr.ScVal[], data: xdr.ScVal): xdr.ContractEvent {
  return new xdr.ContractEvent({
    ext: new xdr.ExtensionPoint(0),
    contractId: StrKey.decodeContract(stellarAsset(asset).contractId(NETWORK_PASSPHRASE)) as unknown as xdr.ContractId,
    type: xdr.ContractEventType.contract(),
    body: new xdr.ContractEventBody(0, new xdr.ContractEventV0({ topics, data })),
  });
}

const i128 = (n: bigint) => nativeToScVal(n, { type: 'i128' });

function assetEvent(planned: PlannedEvent): xdr.ContractEvent {
  const topics = [xdr.ScVal.scvSymbol(planned.kind)];
  if (planned.kind !== 'mint') topics.push(new Address(stellarAddress(planned.from!)).toScVal());
  if (planned.kind !== 'burn') topics.push(new Address(stellarAddress(planned.to!)).toScVal());
  topics.push(xdr.ScVal.scvString(planned.asset.type === 'native' ? 'native' : planned.asset.key));
  const memo = planned.memo;
  const muxed = !memo
    ? null
    : memo.type === 'id'
      ? nativeToScVal(memo.value, { type: 'u64' })
      : memo.type === 'text'
        ? xdr.ScVal.scvString(memo.value)
        : xdr.ScVal.scvBytes(memo.value);
  const data =
    muxed && planned.kind !== 'burn'
      ? xdr.ScVal.scvMap([
          new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('amount'), val: i128(planned.amount) }),
          new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('to_muxed_id'), val: muxed }),
        ])
      : i128(planned.amount);
  return event(planned.asset, topics, data);
}

/** The fee's LedgerEntryChanges, base64. */
export function referenceFeeMeta(plan: MetaPlan): string {
  const changes = entryChanges(plan.fee, plan.ledger);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(changes.length);
  return Buffer.concat([length, ...changes.map((change) => change.toXDR())]).toString('base64');
}

/** The TransactionMetaV4, base64. */
export function referenceResultMeta(plan: MetaPlan): string {
  const v4 = new xdr.TransactionMetaV4({
    ext: new xdr.ExtensionPoint(0),
    txChangesBefore: entryChanges(plan.before, plan.ledger),
    operations: plan.operations.map(
      (op) =>
        new xdr.OperationMetaV2({
          ext: new xdr.ExtensionPoint(0),
          changes: entryChanges(op.changes, plan.ledger),
          events: op.events.map(assetEvent),
        }),
    ),
    txChangesAfter: [],
    sorobanMeta: null,
    events: [
      new xdr.TransactionEvent({
        stage: xdr.TransactionEventStage.transactionEventStageBeforeAllTxes(),
        event: event(
          { type: 'native', key: 'native' },
          [xdr.ScVal.scvSymbol('fee'), new Address(plan.feePayer).toScVal()],
          i128(plan.feeCharged),
        ),
      }),
    ],
    diagnosticEvents: [],
  });
  return new xdr.TransactionMeta(4, v4).toXDR('base64');
}
