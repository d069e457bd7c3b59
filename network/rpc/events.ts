// getEvents, as stellar-rpc answers it (methods/get_events.go over go-stellar-sdk's
// protocols/rpc GetEventsRequest): its parameters and their checks, in its order and words; a
// page from startLedger, or after a cursor, scanning at most 10,000 ledgers (LedgerScanLimit) and
// ending before endLedger; filters matched as its EventFilter.Matches does (an event matches a
// filter when it matches its types, one of its contract ids and one of its topic filters, each
// segment exact or `*`, a trailing `**` any number more); events read from the RPC's own index
// (event-index.ts), one range scan of one index per filter branch, merged in id order.
import { StrKey } from '@stellar/stellar-base';
import { closeTime, type RpcContext } from './common';
import {
  bad,
  checkFilters,
  type Cursor,
  type Filter,
  isObject,
  isUint,
  parseCursor,
  readFilter,
  TYPE_NAMES,
} from './event-filters';
import { EVENT_MAX, eventId, type EventIndex, type EventRow, OP_MAX, toid, TX_MAX } from './event-index';
import { INVALID_PARAMS, INVALID_REQUEST, type Params, RpcError } from './json-rpc';
import { scValJson } from './xdr-json';

export { MAX_CONTRACT_IDS, MAX_FILTERS, MAX_TOPICS, MAX_TOPIC_SEGMENTS, parseCursor } from './event-filters';

/** stellar-rpc's limits: --max-events-limit 10000, --default-events-limit 100, LedgerScanLimit 10000. */
export const MAX_EVENTS_LIMIT = 10_000;
export const DEFAULT_EVENTS_LIMIT = 100;
export const LEDGER_SCAN_LIMIT = 10_000;

/** One branch of the filters: the conditions of one filter with one of its topic filters, as SQL. */
interface Branch {
  where: string[];
  args: (Buffer | number | bigint)[];
  index: string | undefined;
}

function branches(filters: Filter[]): Branch[] {
  if (filters.length === 0) return [{ where: [], args: [], index: undefined }];
  const out: Branch[] = [];
  for (const filter of filters) {
    const base: Branch = { where: [], args: [], index: undefined };
    if (filter.types.length > 0) {
      base.where.push(`event_type IN (${filter.types.map(() => '?').join(',')})`);
      base.args.push(...filter.types);
    }
    const topics = filter.topics.length > 0 ? filter.topics : [undefined];
    // One branch per contract id when there are some, so that each is one ordered range of its index.
    const contracts = filter.contractIds.length > 0 ? [...new Set(filter.contractIds)] : [undefined];
    for (const contract of contracts) {
      for (const topic of topics) {
        const branch: Branch = { where: [...base.where], args: [...base.args], index: undefined };
        const indexed: string[] = [];
        if (topic) {
          const trailing = topic.at(-1) === '**';
          const segments = trailing ? topic.slice(0, -1) : topic;
          branch.where.push(trailing ? 'topic_count >= ?' : 'topic_count = ?');
          branch.args.push(segments.length);
          segments.forEach((segment, i) => {
            if (typeof segment === 'string') return;
            branch.where.push(`topic${i + 1} = ?`);
            branch.args.push(segment);
            if (i < 3) indexed.push(`events_topic${i + 1}`);
          });
        }
        if (contract) {
          branch.where.push('contract_id = ?');
          branch.args.push(Buffer.from(StrKey.decodeContract(contract)));
        }
        // The index to range over: an address segment (2 or 3) is the narrowest, then the contract, then the first topic.
        branch.index =
          indexed.find((name) => name !== 'events_topic1') ?? (contract ? 'events_contract' : undefined) ?? indexed[0];
        out.push(branch);
      }
    }
  }
  return out;
}

const contractNames = new Map<string, string>();
function contractName(bytes: Uint8Array | null): string {
  if (!bytes) return '';
  const key = Buffer.from(bytes).toString('hex');
  let name = contractNames.get(key);
  if (name === undefined) {
    name = StrKey.encodeContract(Buffer.from(bytes));
    contractNames.set(key, name);
  }
  return name;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function eventInfo(row: EventRow, json: boolean) {
  const id = BigInt(row.toid);
  const ledger = Number(id >> 32n);
  const topics = [row.topic1, row.topic2, row.topic3, row.topic4].filter((t): t is Uint8Array => t !== null);
  return {
    type: TYPE_NAMES[Number(row.event_type)] ?? 'contract',
    ledger,
    ledgerClosedAt: row.closed_at,
    contractId: contractName(row.contract_id),
    id: eventId(id, Number(row.idx)),
    transactionIndex: Number((id >> 12n) & BigInt(TX_MAX)),
    operationIndex: Number(id & BigInt(OP_MAX)),
    inSuccessfulContractCall: Number(row.successful) === 1,
    ...(json
      ? { topicJson: topics.map((t) => scValJson(base64(t))), valueJson: scValJson(base64(row.value)) }
      : { topic: topics.map(base64), value: base64(row.value) }),
    txHash: Buffer.from(row.tx_hash).toString('hex'),
  };
}

const COLUMNS =
  'toid, idx, contract_id, event_type, topic1, topic2, topic3, topic4, value, successful, tx_hash, closed_at';

/**
 * The events of [start, end) matching any branch, in id order, at most `limit`: each branch one
 * ordered range scan, merged; an event two branches match is given once.
 */
function scan(index: EventIndex, list: Branch[], start: Cursor, end: bigint, limit: number): EventRow[] {
  const from = toid(start.ledger, start.tx, start.op);
  const streams = list.map((branch) => {
    const where = ['(toid, idx) >= (?, ?)', 'toid < ?', ...branch.where];
    const statement = index.db.prepare(
      `SELECT ${COLUMNS} FROM events${branch.index ? ` INDEXED BY ${branch.index}` : ''}
        WHERE ${where.join(' AND ')} ORDER BY toid, idx`,
    );
    statement.setReadBigInts(true);
    const iterator = statement.iterate(from, start.event, end, ...branch.args) as Iterator<EventRow>;
    return { iterator, head: iterator.next() };
  });
  const found: EventRow[] = [];
  let last: EventRow | undefined;
  try {
    while (found.length < limit) {
      let best: (typeof streams)[number] | undefined;
      for (const stream of streams) {
        if (stream.head.done) continue;
        const row = stream.head.value;
        if (
          !best ||
          row.toid < best.head.value.toid ||
          (row.toid === best.head.value.toid && row.idx < best.head.value.idx)
        )
          best = stream;
      }
      if (!best) break;
      const row = best.head.value as EventRow;
      best.head = best.iterator.next();
      if (last && last.toid === row.toid && last.idx === row.idx) continue;
      found.push(row);
      last = row;
    }
  } finally {
    for (const stream of streams) stream.iterator.return?.();
  }
  return found;
}

export async function getEvents(context: RpcContext, events: EventIndex, params: Params) {
  // Decoding, as Go's json.Unmarshal into GetEventsRequest: wrong types are invalid parameters.
  const { startLedger = 0, endLedger = 0, filters, pagination, xdrFormat = '' } = params;
  if (!isUint(startLedger, 0xffff_ffff) || !isUint(endLedger, 0xffff_ffff)) throw bad();
  if (typeof xdrFormat !== 'string') throw bad();
  if (filters !== undefined && filters !== null && !Array.isArray(filters)) throw bad();
  if (pagination !== undefined && pagination !== null && !isObject(pagination)) throw bad();
  const page = (pagination ?? undefined) as { cursor?: unknown; limit?: unknown } | undefined;
  const limitParam = page?.limit ?? 0;
  if (!isUint(limitParam, Number.MAX_SAFE_INTEGER)) throw bad();
  if (page?.cursor !== undefined && page.cursor !== null && typeof page.cursor !== 'string') throw bad();
  const cursor = typeof page?.cursor === 'string' ? parseCursor(page.cursor) : undefined;
  const read = ((filters ?? []) as unknown[]).map(readFilter);

  // GetEventsRequest.Valid, in its order and words (-32602).
  if (!['', 'base64', 'json'].includes(xdrFormat))
    throw new RpcError(INVALID_PARAMS, `got '${xdrFormat}': expected base64, json for optional 'xdrFormat'`);
  if (cursor) {
    if (startLedger !== 0 || endLedger !== 0)
      throw new RpcError(INVALID_PARAMS, 'ledger ranges and cursor cannot both be set');
  } else if (startLedger <= 0) throw new RpcError(INVALID_PARAMS, 'startLedger must be positive');
  if (limitParam > MAX_EVENTS_LIMIT) throw new RpcError(INVALID_PARAMS, `limit must not exceed ${MAX_EVENTS_LIMIT}`);
  const checked = checkFilters(read);

  const { store, retentionLedgers } = context;
  const latest = await events.current(retentionLedgers);
  const earliest = Number(store.earliestLedger() ?? latest);
  const oldest = Math.max(earliest, latest - retentionLedgers + 1);

  // The page's range: from startLedger, or just after the cursor; at most LedgerScanLimit ledgers,
  // not past the latest, and before endLedger (exclusive) when it is given.
  const start: Cursor = cursor
    ? { ...cursor, event: (cursor.event + 1) >>> 0 }
    : { ledger: startLedger, tx: 0, op: 0, event: 0 };
  let end = Math.min(start.ledger + (context.eventsScanLedgers ?? LEDGER_SCAN_LIMIT), latest + 1);
  if (endLedger !== 0) end = Math.min(endLedger, end);
  if (start.ledger < oldest || start.ledger > latest)
    throw new RpcError(INVALID_REQUEST, `startLedger must be within the ledger range: ${oldest} - ${latest}`);

  const limit = limitParam > 0 ? limitParam : DEFAULT_EVENTS_LIMIT;
  const found = scan(events, branches(checked), start, toid(end, 0, 0), limit);
  const json = xdrFormat === 'json';
  const list = found.map((row) => eventInfo(row, json));
  return {
    events: list,
    latestLedger: latest,
    oldestLedger: oldest,
    latestLedgerCloseTime: closeTime(store, latest),
    oldestLedgerCloseTime: closeTime(store, oldest),
    // The last event given when the page is full, else the end of the range scanned.
    cursor: list.length === limit ? list.at(-1)!.id : eventId(toid(end - 1, TX_MAX, OP_MAX), EVENT_MAX),
  };
}
