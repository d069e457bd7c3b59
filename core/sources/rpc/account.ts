// An account on a Stellar RPC server: its ledger entry and its trustlines (getLedgerEntries), read
// as Horizon's account resource by the one normaliser. RPC cannot list an account's trustlines, so
// the ones asked for are the assets the account's events in the window moved, and the balances say
// what they cover.
import { StrKey, xdr } from '@stellar/stellar-base';
import { stringifyJson } from '../../../shared/json';
import type { Account } from '../../../shared/model';
import { CoreError } from '../../app/errors';
import { normalizeAccount } from '../horizon/resources';
import { AssetContracts } from '../ledger-meta/asset-events';
import type { RpcCalls } from './calls';
import { readEventRecord } from './event-records';
import { windowEvents } from './window-events';
import { accountJson } from './horizon-json';

/** The ledger key of an account, and of its trustline in `asset` ("CODE:ISSUER"). */
function accountKey(id: string): string {
  return xdr.LedgerKey.account(
    new xdr.LedgerKeyAccount({ accountId: xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id)) }),
  ).toXDR('base64');
}
function trustlineKey(id: string, asset: string): string | null {
  const [code, issuer] = asset.split(':');
  if (!code || !issuer || !StrKey.isValidEd25519PublicKey(issuer)) return null;
  const issuerKey = xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(issuer));
  const padded = (n: number) => Buffer.concat([Buffer.from(code, 'ascii'), Buffer.alloc(n - code.length)]);
  const line =
    code.length <= 4
      ? xdr.TrustLineAsset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: padded(4), issuer: issuerKey }))
      : xdr.TrustLineAsset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode: padded(12), issuer: issuerKey }));
  return xdr.LedgerKey.trustline(
    new xdr.LedgerKeyTrustLine({
      accountId: xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id)),
      asset: line,
    }),
  ).toXDR('base64');
}

/** One event filter per side an account can be named on in a CAP-67 asset event's topics. */
export function accountTopics(account: string): string[][] {
  const address = xdr.ScVal.scvAddress(
    xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(account))),
  ).toXDR('base64');
  // transfer(from, to, asset), mint(to, asset), burn/clawback(from, asset), fee(from): by length,
  // as every stellar-rpc matches them (a trailing "**" is newer than some servers).
  return [
    ['*', address, '*', '*'],
    ['*', '*', address, '*'],
    ['*', address, '*'],
    ['*', address],
  ];
}

/** An account and the balances its events show, or null when the network has no such account. */
export async function readRpcAccount(
  calls: RpcCalls,
  passphrase: (signal?: AbortSignal) => Promise<string>,
  id: string,
  signal?: AbortSignal,
): Promise<Account | null> {
  if (!StrKey.isValidEd25519PublicKey(id))
    throw new CoreError('invalid_input', `"${id.slice(0, 60)}" is not an account id (G…).`);
  const found = await calls.ledgerEntries([accountKey(id)], { signal });
  const entry = found.entries[0];
  if (!entry) return null;
  const data = accountEntry(id, entry);
  const { assets, note } = await assetsMoved(calls, await passphrase(signal), id, signal);
  const keys = [...assets].flatMap((asset) => trustlineKey(id, asset) ?? []);
  const asked = keys.slice(0, 200);
  const lines = asked.length ? (await calls.ledgerEntries(asked, { signal })).entries : [];
  const trustlines = trustlineEntries(id, asked, lines);
  const json = accountJson(data.account(), entry.lastModifiedLedgerSeq, trustlines);
  return {
    ...normalizeAccount(json, stringifyJson({ account: entry, trustlines: lines } as never)),
    balancesNote: note,
  };
}

/** The account's entry as the server gave it, refused with a sentence when it is another key's or not an account's. */
function accountEntry(id: string, entry: { key: string; xdr: string }): xdr.LedgerEntryData {
  const refused = new CoreError(
    'bad_response',
    `The server's ledger entry for account ${id.slice(0, 12)}… is not that account's entry: nothing of it is shown.`,
  );
  if (entry.key !== accountKey(id)) throw refused;
  let data: xdr.LedgerEntryData;
  try {
    data = xdr.LedgerEntryData.fromXDR(entry.xdr, 'base64');
  } catch {
    throw refused;
  }
  if (
    data.switch() !== xdr.LedgerEntryType.account() ||
    data.account().accountId().toXDR('base64') !== accountIdXdr(id)
  )
    throw refused;
  return data;
}
/** The account's trustlines as the server gave them: each one asked, once, a trustline of this account; else refused with a sentence. */
function trustlineEntries(id: string, asked: string[], lines: { key: string; xdr: string }[]): xdr.TrustLineEntry[] {
  const refused = new CoreError(
    'bad_response',
    `The server's trustline entries for account ${id.slice(0, 12)}… are not that account's trustlines: nothing of them is shown.`,
  );
  const seen = new Set<string>();
  return lines.map((entry) => {
    if (!asked.includes(entry.key) || seen.has(entry.key)) throw refused;
    seen.add(entry.key);
    let data: xdr.LedgerEntryData;
    try {
      data = xdr.LedgerEntryData.fromXDR(entry.xdr, 'base64');
    } catch {
      throw refused;
    }
    if (data.switch() !== xdr.LedgerEntryType.trustline()) throw refused;
    const line = data.trustLine();
    const key = new xdr.LedgerKeyTrustLine({ accountId: line.accountId(), asset: line.asset() });
    if (xdr.LedgerKey.trustline(key).toXDR('base64') !== entry.key) throw refused;
    return line;
  });
}
const accountIdXdr = (id: string) =>
  xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id)).toXDR('base64');

/** The assets an account's events in the window moved: RPC cannot list its trustlines otherwise. */
async function assetsMoved(
  calls: RpcCalls,
  passphrase: string,
  id: string,
  signal?: AbortSignal,
): Promise<{ assets: Set<string>; note: string }> {
  const contracts = new AssetContracts(passphrase);
  const assets = new Set<string>();
  let read;
  try {
    read = await windowEvents(calls, [{ type: 'contract', topics: accountTopics(id) }], signal);
    for (const record of read.events) {
      const event = readEventRecord(record, contracts);
      if (event && event.event.asset !== 'native') assets.add(event.event.asset);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      assets: new Set(),
      note: `Stellar RPC cannot list an account's trustlines, and this server's events could not be read (${(error as Error).message.slice(0, 160)}): only XLM is shown.`,
    };
  }
  const range = `ledgers ${read.oldest.toLocaleString('en')} to ${read.latest.toLocaleString('en')}`;
  return {
    assets,
    note: `Stellar RPC cannot list an account's trustlines: shown are XLM and the assets its events in ${range} moved; a trustline that moved nothing then is not shown.`,
  };
}
