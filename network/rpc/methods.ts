// stellar-rpc's methods over the local network's store, each answering in stellar-rpc's shape
// (field names, order and types of its Go structs: the real responses in ../shared/fixtures/rpc-real).
// The store is read-only here; sendTransaction goes to the core as the service's submissions do.
import type { FeeBumpTransaction } from '@stellar/stellar-base';
import { type Transaction, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { checkFormat, closeTime, ledgerWindow, oneRead, type RpcContext, stringParam } from './common';
import { ledgerEntry, type EntryResult } from './entries';
import { ledgerXdr, PROTOCOL_VERSION } from './ledger-meta';
import { EventIndex } from './event-index';
import { getEvents } from './events';
import { getFeeStats } from './fee-stats';
import { getLedgers } from './ledgers';
import { getTransaction, getTransactions } from './transactions';
import { ledgerEntryJson, sendJson } from './xdr-json';
import { INTERNAL_ERROR, INVALID_PARAMS, type Method, type Params, RpcError } from './json-rpc';

export { DEFAULT_RETENTION_LEDGERS, ledgerWindow, type RpcContext } from './common';
/** stellar-rpc's getLedgerEntries bound. */
export const MAX_LEDGER_KEYS = 200;

interface CoreAnswer {
  status: string;
  error?: string;
}

/** The core's answer to a submission; undefined when it could not be had in time. */
async function askCore(context: RpcContext, base64: string): Promise<CoreAnswer | undefined> {
  try {
    const response = await fetch(`${context.coreUrl.replace(/\/+$/, '')}/tx?blob=${encodeURIComponent(base64)}`, {
      signal: AbortSignal.timeout(context.coreTimeoutMs),
    });
    const answer = (await response.json()) as CoreAnswer;
    return typeof answer?.status === 'string' ? answer : undefined;
  } catch {
    return undefined;
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

async function sendTransaction(context: RpcContext, params: Params) {
  const json = checkFormat(params);
  const text = stringParam(params, 'transaction');
  let envelope: xdr.TransactionEnvelope;
  try {
    if (!BASE64.test(text) || text === '') throw new Error('not base64');
    envelope = xdr.TransactionEnvelope.fromXDR(text, 'base64');
  } catch {
    throw new RpcError(INVALID_PARAMS, 'invalid_xdr');
  }
  let transaction: Transaction | FeeBumpTransaction;
  try {
    transaction = TransactionBuilder.fromXDR(envelope, context.store.meta('network_passphrase') ?? '');
  } catch {
    throw new RpcError(INVALID_PARAMS, 'invalid_hash');
  }
  const hash = transaction.hash().toString('hex');
  const window = ledgerWindow(context.store, context.retentionLedgers);
  const answer = await askCore(context, envelope.toXDR('base64'));
  if (!answer) throw new RpcError(INTERNAL_ERROR, 'could not submit transaction to stellar-core');
  const head = {
    status: answer.status,
    hash,
    latestLedger: window.latestLedger,
    latestLedgerCloseTime: window.latestLedgerCloseTime,
  };
  switch (answer.status) {
    case 'ERROR': {
      const error = { errorResultXdr: answer.error ?? '', ...head };
      return json ? sendJson(error) : error;
    }
    case 'PENDING':
    case 'DUPLICATE':
    case 'TRY_AGAIN_LATER':
      return head;
    default:
      throw new RpcError(INTERNAL_ERROR, 'invalid status from stellar-core');
  }
}

function getLedgerEntries(context: RpcContext, params: Params) {
  const json = checkFormat(params);
  const keys = params.keys ?? [];
  if (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string'))
    throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  if (keys.length > MAX_LEDGER_KEYS)
    throw new RpcError(INVALID_PARAMS, `key count (${keys.length}) exceeds maximum supported (${MAX_LEDGER_KEYS})`);
  const decoded = (keys as string[]).map((text, index) => {
    let key: xdr.LedgerKey;
    try {
      if (!BASE64.test(text)) throw new Error('not base64');
      key = xdr.LedgerKey.fromXDR(text, 'base64');
    } catch {
      throw new RpcError(INVALID_PARAMS, `cannot unmarshal key value ${text.slice(0, 200)} at index ${index}`);
    }
    if (key.switch().name === 'ttl')
      throw new RpcError(INVALID_PARAMS, 'ledger ttl entries cannot be queried directly');
    return key;
  });
  // One read of the state for the whole request: the entries and latestLedger agree.
  const { store } = context;
  return oneRead(store, () => {
    const latestLedger = Number(store.latestLedger());
    const seen = new Set<string>();
    const entries: EntryResult[] = [];
    for (const key of decoded) {
      const found = ledgerEntry(store, key);
      if (found && !seen.has(found.key)) {
        seen.add(found.key);
        entries.push(found);
      }
    }
    return { entries: json ? entries.map((e) => ledgerEntryJson({ ...e })) : entries, latestLedger };
  });
}

export function rpcMethods(context: RpcContext): Map<string, Method> {
  const { store } = context;
  const events = context.events ?? new EventIndex(store, ':memory:');
  return new Map<string, Method>([
    [
      'getHealth',
      () => {
        const window = ledgerWindow(store, context.retentionLedgers);
        return { status: 'healthy', ...window, ledgerRetentionWindow: context.retentionLedgers };
      },
    ],
    // No friendbot on the local network: the field is left out, as stellar-rpc leaves it out.
    ['getNetwork', () => ({ passphrase: store.meta('network_passphrase') ?? '', protocolVersion: PROTOCOL_VERSION })],
    [
      'getLatestLedger',
      () => {
        // One read: the ledger, its header and its meta agree.
        return oneRead(store, () => {
          const latest = store.latestLedger();
          const row = store.ledger(latest);
          const built = ledgerXdr(store, Number(latest));
          return {
            id: String(row?.hash ?? ''),
            protocolVersion: PROTOCOL_VERSION,
            sequence: Number(latest),
            closeTime: closeTime(store, Number(latest)),
            ...(built ? { headerXdr: built.header.toXDR('base64') } : {}),
            ...(built?.closeMeta ? { metadataXdr: built.closeMeta.toString('base64') } : {}),
          };
        });
      },
    ],
    [
      'getVersionInfo',
      () => ({
        version: context.version,
        commitHash: '',
        buildTimestamp: '',
        captiveCoreVersion: 'ledgerscope-core (the local network)',
        protocolVersion: PROTOCOL_VERSION,
      }),
    ],
    ['getTransaction', (params) => getTransaction(context, params)],
    ['sendTransaction', (params) => sendTransaction(context, params)],
    ['getLedgerEntries', (params) => getLedgerEntries(context, params)],
    ['getLedgers', (params) => getLedgers(context, params)],
    ['getTransactions', (params) => getTransactions(context, params)],
    ['getFeeStats', () => getFeeStats(context)],
    ['getEvents', (params) => getEvents(context, events, params)],
  ]);
}
