// Single resources on a Stellar RPC server, read into the one model: a ledger (getLedgers), a
// transaction (getTransaction), an account (account.ts). What RPC does not serve by id (an
// operation, a claimable balance's or a pool's history) is said with what would answer it.
import { xdr } from '@stellar/stellar-base';
import type { HistoryStart } from '../../../shared/history-start';
import { stringifyJson } from '../../../shared/json';
import type { Ledger } from '../../../shared/model';
import { CoreError } from '../../app/errors';
import { HttpError } from '../../http/http-problem';
import { normalizeTransaction } from '../horizon/resources';
import type { ResourceKind, ResourceKinds, Source } from '../source';
import { readRpcAccount } from './account';
import type { RpcCalls } from './calls';
import { ledgerJson, transactionJson } from './horizon-json';
import { RpcCallError } from './json-rpc';
import { readLedgerInfo } from './ledgers';
import { AssetContracts } from '../ledger-meta/asset-events';
import { transactionMovements } from '../ledger-meta/transaction-events';
import { windowOfRefusal } from './window';

export type Passphrase = (signal?: AbortSignal) => Promise<string>;

/** A ledger by sequence, or null when the server does not keep it (outside its window, or not closed yet). */
export async function readRpcLedger(calls: RpcCalls, sequence: number, signal?: AbortSignal): Promise<Ledger | null> {
  try {
    const answer = await calls.ledgers({ startLedger: sequence, pagination: { limit: 1 } }, { signal });
    const info = answer.ledgers[0];
    return info && info.sequence === sequence ? readLedgerInfo(info) : null;
  } catch (error) {
    if (error instanceof RpcCallError && windowOfRefusal(error.rpcMessage)) return null;
    throw error;
  }
}

/** A transaction by hash, as Horizon's transaction resource reads; a 404 when the window does not hold it. */
export async function readRpcTransaction(calls: RpcCalls, passphrase: Passphrase, hash: string, signal?: AbortSignal) {
  if (!/^[0-9a-f]{64}$/i.test(hash)) throw new CoreError('invalid_input', 'A transaction hash is 64 hex digits.');
  const info = await calls.transaction(hash.toLowerCase(), { signal });
  if (info.status === 'NOT_FOUND')
    throw new HttpError(
      'not_found',
      `This server has no transaction ${hash.slice(0, 12)}… in ledgers ${info.oldestLedger.toLocaleString('en')} to ${info.latestLedger.toLocaleString('en')}, the ones it keeps.`,
      404,
      null,
    );
  const phrase = await passphrase(signal);
  const json = transactionJson({
    hash: hash.toLowerCase(),
    ledger: info.ledger ?? 0,
    applicationOrder: info.applicationOrder ?? 1,
    createdAt: info.createdAt ?? 0,
    envelopeXdr: info.envelopeXdr ?? '',
    resultXdr: info.resultXdr ?? '',
  });
  const read = normalizeTransaction(json, stringifyJson(info as never));
  return info.resultMetaXdr
    ? { ...read, events: transactionMovements(Buffer.from(info.resultMetaXdr, 'base64'), new AssetContracts(phrase)) }
    : read;
}

const notKept = (kind: string) =>
  new CoreError(
    'not_found',
    `Stellar RPC does not serve ${kind} by id: a Horizon that keeps full history, or the ledger data lake (SEP-54), does.`,
  );

export function rpcResource(calls: RpcCalls, passphrase: Passphrase): Source['resource'] {
  return async function resource<K extends ResourceKind>(
    kind: K,
    id: string,
    signal?: AbortSignal,
  ): Promise<ResourceKinds[K]> {
    switch (kind) {
      case 'account': {
        const found = await readRpcAccount(calls, passphrase, id, signal);
        if (!found) throw new HttpError('not_found', `The network has no account ${id.slice(0, 12)}….`, 404, null);
        return found as ResourceKinds[K];
      }
      case 'ledger': {
        const found = /^\d{1,10}$/.test(id) ? await readRpcLedger(calls, Number(id), signal) : null;
        if (!found) throw new HttpError('not_found', `This server does not keep ledger ${id.slice(0, 12)}.`, 404, null);
        return found as ResourceKinds[K];
      }
      case 'transaction':
        return (await readRpcTransaction(calls, passphrase, id, signal)) as ResourceKinds[K];
      default:
        throw notKept(`${kind.replace('_', ' ')}s`);
    }
  };
}

const seconds = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d{1,15}$/.test(value)) ? Number(value) : undefined;
const isoOf = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z');

/** The ledgers a server keeps, its window said whole (the sentence a listing ends with). */
export function rpcHistory(calls: RpcCalls): Pick<Source, 'history' | 'historyStart' | 'historyEdge'> {
  return {
    async history(signal) {
      const health = await calls.health({ signal });
      return { elder: health.oldestLedger, latest: health.latestLedger };
    },
    async historyStart(signal): Promise<HistoryStart> {
      const health = await calls.health({ signal });
      const oldestCloseTime = seconds(health['oldestLedgerCloseTime']);
      const latestCloseTime = seconds(health['latestLedgerCloseTime']);
      return {
        ledger: health.oldestLedger,
        ...(oldestCloseTime !== undefined ? { closedAt: isoOf(oldestCloseTime) } : {}),
        window: {
          latest: health.latestLedger,
          ...(oldestCloseTime !== undefined ? { oldestCloseTime } : {}),
          ...(latestCloseTime !== undefined ? { latestCloseTime } : {}),
        },
      };
    },
    async historyEdge(sequence, signal) {
      const answer = await calls
        .ledgers({ startLedger: sequence, pagination: { limit: 1 } }, { signal })
        .catch((error: unknown) => {
          if (error instanceof RpcCallError && windowOfRefusal(error.rpcMessage)) return null;
          throw error;
        });
      const info = answer?.ledgers[0];
      if (!info || info.sequence !== sequence) return { genesis: false };
      const header = xdr.LedgerHeaderHistoryEntry.fromXDR(info.headerXdr, 'base64').header();
      const genesis = header.previousLedgerHash().every((byte) => byte === 0);
      return {
        closedAt: isoOf(info.ledgerCloseTime),
        genesis,
        totalCoins: ledgerJson('', header, null)['total_coins'] as string,
      };
    },
  };
}
