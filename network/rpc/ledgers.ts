// getLedgers over the ledger XDR the store assembles (ledger-meta.ts), paged as stellar-rpc pages it.
import { xdr } from '@stellar/stellar-base';
import { checkFormat, closeTime, ledgerWindow, oneRead, type RpcContext } from './common';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, type Params, RpcError } from './json-rpc';
import { ledgerXdr } from './ledger-meta';
import { ledgerJson } from './xdr-json';

/** stellar-rpc's getLedgers page: `--max-ledgers-limit` 200, default 50. */
export const MAX_LEDGERS_LIMIT = 200;
export const DEFAULT_LEDGERS_LIMIT = 50;

const isUint32 = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffff_ffff;

/** getLedgers, as stellar-rpc pages it: from startLedger, or after a cursor (a ledger sequence). */
export function getLedgers(context: RpcContext, params: Params) {
  const json = checkFormat(params);
  const start = params.startLedger ?? 0;
  const pagination = params.pagination;
  if (!isUint32(start)) throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  if (pagination !== undefined && pagination !== null && (typeof pagination !== 'object' || Array.isArray(pagination)))
    throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  const page = (pagination ?? undefined) as { cursor?: unknown; limit?: unknown } | undefined;
  const cursor = page?.cursor ?? '';
  const limit = page?.limit ?? 0;
  if (typeof cursor !== 'string' || !isUint32(limit)) throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  const { store } = context;
  return oneRead(store, () => {
    const window = ledgerWindow(store, context.retentionLedgers);
    const [first, last] = [window.oldestLedger, window.latestLedger];
    const within = (sequence: number) => sequence >= first && sequence <= last;
    const range = `the oldest ledger: ${first} and the latest ledger: ${last} for this rpc instance`;
    // ValidatePagination (go-stellar-sdk protocols/rpc): an invalid request, -32600.
    if (cursor !== '' && start !== 0)
      throw new RpcError(INVALID_REQUEST, `startLedger (${start}) and cursor (${cursor}) cannot both be set`);
    if (cursor === '' && !within(start))
      throw new RpcError(INVALID_REQUEST, `start ledger (${start}) must be between ${range}`);
    if (limit > MAX_LEDGERS_LIMIT) throw new RpcError(INVALID_REQUEST, `limit must not exceed ${MAX_LEDGERS_LIMIT}`);
    let from = start;
    if (cursor !== '') {
      if (!/^\d+$/.test(cursor) || !isUint32(Number(cursor)))
        throw new RpcError(INVALID_PARAMS, `strconv.ParseUint: parsing ${JSON.stringify(cursor)}: invalid syntax`);
      from = Number(cursor) + 1;
      if (!within(from)) throw new RpcError(INVALID_PARAMS, `cursor ('${cursor}') must be between ${range}`);
    }
    const count = limit === 0 ? DEFAULT_LEDGERS_LIMIT : limit;
    const ledgers = [];
    for (let sequence = from; sequence <= Math.min(last, from + count - 1); sequence++) {
      const row = store.ledger(BigInt(sequence));
      const built = ledgerXdr(store, sequence);
      if (!row || !built?.closeMeta) throw new RpcError(INTERNAL_ERROR, `error processing ledger ${sequence}`);
      ledgers.push({
        hash: String(row.hash),
        sequence,
        ledgerCloseTime: closeTime(store, sequence),
        headerXdr: new xdr.LedgerHeaderHistoryEntry({
          hash: Buffer.from(String(row.hash), 'hex'),
          header: built.header,
          ext: new xdr.LedgerHeaderHistoryEntryExt(0),
        }).toXDR('base64'),
        metadataXdr: built.closeMeta.toString('base64'),
      });
    }
    const nextCursor = ledgers.length > 0 ? String(ledgers.at(-1)!.sequence) : cursor || String(from - 1);
    return {
      ledgers: json ? ledgers.map(ledgerJson) : ledgers,
      latestLedger: window.latestLedger,
      latestLedgerCloseTime: Number(window.latestLedgerCloseTime),
      oldestLedger: window.oldestLedger,
      oldestLedgerCloseTime: Number(window.oldestLedgerCloseTime),
      cursor: nextCursor,
    };
  });
}
