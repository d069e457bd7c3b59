// getLedgerEntries over the store's current state: a LedgerKey in, the LedgerEntryData the store's
// rows make out, built with @stellar/stellar-base's xdr types as a real core would hold the entry
// (accounts with their signers, trustlines, claimable balances, liquidity pools, data entries).
// Offers never exist on the local network.
import { SignerKey, StrKey, xdr } from '@stellar/stellar-base';
import { parseJson } from '../../shared/json';
import type { StatementSync } from 'node:sqlite';
import { LEDGER_TYPE_CODES } from '../../shared/model/type-codes';
import type { Row, Store } from '../service/queries';

export interface EntryResult {
  key: string;
  xdr: string;
  lastModifiedLedgerSeq: number;
}

/** Trustlines are authorized from the start here (the local network sets no issuer flags on them; as validator/meta-writer.ts). */
const AUTHORIZED = 1;

const int64 = (value: unknown) => xdr.Int64.fromString(BigInt(value as bigint).toString());
const accountId = (id: string) => xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id));
/** A PoolId (32 bytes; stellar-base's typings call it Opaque[]) as hex. */
const hexOf = (id: unknown) => Buffer.from(id as Uint8Array).toString('hex');
const accountOf = (id: xdr.AccountId) => StrKey.encodeEd25519PublicKey(id.ed25519());

/** An asset code as the store writes it: the XDR's bytes up to the first NUL. */
function codeOf(bytes: Buffer): string {
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? bytes.length : end).toString('latin1');
}

function accountEntry(store: Store, row: Row): xdr.LedgerEntryData {
  const id = String(row.id);
  // The core keeps signers in SignerKey order (the XDR bytes), whatever order they were added in.
  const signers = store
    .signers(id)
    .map((s) => ({ key: SignerKey.decodeAddress(String(s.key)), weight: Number(s.weight) }))
    .map((s) => ({ ...s, bytes: s.key.toXDR() }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map((s) => new xdr.Signer({ key: s.key, weight: s.weight }));
  const thresholds = Buffer.from([
    Number(row.master_weight),
    Number(row.low_threshold),
    Number(row.med_threshold),
    Number(row.high_threshold),
  ]);
  return xdr.LedgerEntryData.account(
    new xdr.AccountEntry({
      accountId: accountId(id),
      balance: int64(row.balance),
      seqNum: int64(row.sequence),
      numSubEntries: Number(row.subentry_count),
      inflationDest: null,
      flags: Number(row.flags),
      homeDomain: String(row.home_domain),
      thresholds,
      signers,
      ext: new xdr.AccountEntryExt(0),
    }),
  );
}

function trustlineEntry(row: Row, asset: xdr.TrustLineAsset): xdr.LedgerEntryData {
  return xdr.LedgerEntryData.trustline(
    new xdr.TrustLineEntry({
      accountId: accountId(String(row.account)),
      asset,
      balance: int64(row.balance),
      limit: int64(row.trust_limit),
      flags: AUTHORIZED,
      ext: new xdr.TrustLineEntryExt(0),
    }),
  );
}

/** "native" or "CODE:ISSUER" to an XDR Asset. */
function assetOf(text: string): xdr.Asset {
  if (text === 'native') return xdr.Asset.assetTypeNative();
  const [code = '', issuer = ''] = text.split(':');
  const padded = (length: number) => Buffer.concat([Buffer.from(code, 'latin1'), Buffer.alloc(length - code.length)]);
  return code.length <= 4
    ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: padded(4), issuer: accountId(issuer) }))
    : xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode: padded(12), issuer: accountId(issuer) }));
}

function poolEntry(row: Row): xdr.LedgerEntryData {
  const body = xdr.LiquidityPoolEntryBody.liquidityPoolConstantProduct(
    new xdr.LiquidityPoolEntryConstantProduct({
      params: new xdr.LiquidityPoolConstantProductParameters({
        assetA: assetOf(String(row.asset_a)),
        assetB: assetOf(String(row.asset_b)),
        fee: Number(row.fee_bp),
      }),
      reserveA: int64(row.reserve_a),
      reserveB: int64(row.reserve_b),
      totalPoolShares: int64(row.total_shares),
      poolSharesTrustLineCount: int64(row.trustline_count),
    }),
  );
  return xdr.LedgerEntryData.liquidityPool(
    new xdr.LiquidityPoolEntry({ liquidityPoolId: Buffer.from(String(row.id), 'hex') as never, body }),
  );
}

/** A claim predicate in the store's wire form (Horizon's: `unconditional`, `and`, `or`, `not`, `abs_before_epoch`, `rel_before`). */
function predicateOf(value: unknown): xdr.ClaimPredicate {
  const p = value as Record<string, unknown>;
  if (p.unconditional) return xdr.ClaimPredicate.claimPredicateUnconditional();
  if (Array.isArray(p.and)) return xdr.ClaimPredicate.claimPredicateAnd(p.and.map(predicateOf));
  if (Array.isArray(p.or)) return xdr.ClaimPredicate.claimPredicateOr(p.or.map(predicateOf));
  if (p.not) return xdr.ClaimPredicate.claimPredicateNot(predicateOf(p.not));
  if (p.abs_before_epoch !== undefined)
    return xdr.ClaimPredicate.claimPredicateBeforeAbsoluteTime(xdr.Int64.fromString(String(p.abs_before_epoch)));
  return xdr.ClaimPredicate.claimPredicateBeforeRelativeTime(xdr.Int64.fromString(String(p.rel_before ?? '0')));
}

function claimableBalanceEntry(row: Row): xdr.LedgerEntryData {
  const claimants = (parseJson(String(row.claimants)) as { destination: string; predicate: unknown }[]).map((c) =>
    xdr.Claimant.claimantTypeV0(
      new xdr.ClaimantV0({ destination: accountId(c.destination), predicate: predicateOf(c.predicate) }),
    ),
  );
  return xdr.LedgerEntryData.claimableBalance(
    new xdr.ClaimableBalanceEntry({
      balanceId: xdr.ClaimableBalanceId.fromXDR(String(row.id), 'hex'),
      claimants,
      asset: assetOf(String(row.asset)),
      amount: int64(row.amount),
      ext: new xdr.ClaimableBalanceEntryExt(0),
    }),
  );
}

/** The trustline row a TrustLineAsset names, with its own asset; undefined: none (a native "trustline" never exists). */
function trustline(store: Store, account: string, asset: xdr.TrustLineAsset): Row | undefined {
  let name: string;
  switch (asset.switch().name) {
    case 'assetTypeCreditAlphanum4':
      name = `${codeOf(asset.alphaNum4().assetCode())}:${accountOf(asset.alphaNum4().issuer())}`;
      break;
    case 'assetTypeCreditAlphanum12':
      name = `${codeOf(asset.alphaNum12().assetCode())}:${accountOf(asset.alphaNum12().issuer())}`;
      break;
    case 'assetTypePoolShare':
      name = `pool:${hexOf(asset.liquidityPoolId())}`;
      break;
    default:
      return undefined;
  }
  return store.trustlines(account).find((row) => row.asset === name);
}

const MANAGE_DATA = LEDGER_TYPE_CODES.manage_data;
const dataStatements = new WeakMap<Store, { entry: StatementSync; lastSet: StatementSync }>();

/**
 * A data entry and the ledger that last set it. The store keeps no last-modified ledger for data
 * entries: it is the ledger of the account's latest successful manage_data of that name, found
 * through the account's listing index, newest first.
 */
function dataEntry(
  store: Store,
  account: string,
  name: string,
): { data: xdr.LedgerEntryData; ledger: number } | undefined {
  let statements = dataStatements.get(store);
  if (!statements) {
    statements = {
      entry: store.db.prepare('SELECT value FROM data_entries WHERE account = ? AND name = ?'),
      lastSet: store.db.prepare(
        `SELECT o.id FROM operation_scopes s CROSS JOIN operations o ON o.id = s.operation_id
         WHERE s.scope = 'account' AND s.key = ? AND s.successful = 1 AND o.type = ? AND o.source_account = ?
           AND json_extract(o.details, '$.name') = ?
         ORDER BY s.operation_id DESC LIMIT 1`,
      ),
    };
    dataStatements.set(store, statements);
  }
  const row = statements.entry.get(account, name) as { value: string } | undefined;
  if (!row) return undefined;
  const set = statements.lastSet.get(account, MANAGE_DATA, account, name) as { id: bigint | number } | undefined;
  if (!set) return undefined;
  const data = xdr.LedgerEntryData.data(
    new xdr.DataEntry({
      accountId: accountId(account),
      dataName: Buffer.from(name, 'utf8') as unknown as string,
      dataValue: Buffer.from(row.value, 'base64'),
      ext: new xdr.DataEntryExt(0),
    }),
  );
  return { data, ledger: Number(BigInt(set.id) >> 32n) };
}

/** The entry a key names in the store's current state; undefined when there is none. */
export function ledgerEntry(store: Store, key: xdr.LedgerKey): EntryResult | undefined {
  let data: xdr.LedgerEntryData | undefined;
  let row: Row | undefined;
  switch (key.switch().name) {
    case 'account':
      row = store.account(accountOf(key.account().accountId()));
      data = row && accountEntry(store, row);
      break;
    case 'trustline': {
      const line = key.trustLine();
      row = trustline(store, accountOf(line.accountId()), line.asset());
      data = row && trustlineEntry(row, line.asset());
      break;
    }
    case 'claimableBalance':
      row = store.claimableBalance(key.claimableBalance().balanceId().toXDR('hex'));
      data = row && claimableBalanceEntry(row);
      break;
    case 'liquidityPool':
      row = store.liquidityPool(hexOf(key.liquidityPool().liquidityPoolId()));
      data = row && poolEntry(row);
      break;
    case 'data': {
      const found = dataEntry(
        store,
        accountOf(key.data().accountId()),
        Buffer.from(key.data().dataName() as unknown as Uint8Array).toString('utf8'),
      );
      if (!found) return undefined;
      return { key: key.toXDR('base64'), xdr: found.data.toXDR('base64'), lastModifiedLedgerSeq: found.ledger };
    }
    default:
      return undefined;
  }
  if (!data || !row) return undefined;
  return {
    key: key.toXDR('base64'),
    xdr: data.toXDR('base64'),
    lastModifiedLedgerSeq: Number(row.last_modified_ledger),
  };
}
