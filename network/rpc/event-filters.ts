// getEvents' parameters as go-stellar-sdk's protocols/rpc GetEventsRequest reads and checks them:
// the cursor (ParseCursor), each filter's type set, contract ids and topic filters (segments a
// base64 ScVal, `*`, or a trailing `**`), with its limits and its words (Valid).
import { StrKey, xdr } from '@stellar/stellar-base';
import { EVENT_MAX, OP_MAX, TX_MAX } from './event-index';
import { INVALID_PARAMS, RpcError } from './json-rpc';

export const MAX_FILTERS = 5;
export const MAX_CONTRACT_IDS = 5;
export const MAX_TOPICS = 5;
export const MAX_TOPIC_SEGMENTS = 4;

export const TYPES: Record<string, number> = { system: 0, contract: 1 };
export const TYPE_NAMES = ['system', 'contract', 'diagnostic'];

/** A segment of a topic filter: a wildcard or one ScVal's XDR bytes. */
export type Segment = '*' | '**' | Buffer;

/** A filter as read: its type names as given (checked by checkFilters). */
export interface ReadFilter {
  typeNames: string[];
  contractIds: string[];
  topics: Segment[][];
}

/** A filter checked: its types as ContractEventType values. */
export interface Filter {
  types: number[];
  contractIds: string[];
  topics: Segment[][];
}

export interface Cursor {
  ledger: number;
  tx: number;
  op: number;
  event: number;
}

export const bad = (detail?: string) =>
  new RpcError(INVALID_PARAMS, detail ? `invalid parameters: ${detail}` : 'invalid parameters');
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isUint = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** go-stellar-sdk's ParseCursor: `<int64 TOID>-<uint32 index>`. */
export function parseCursor(text: string): Cursor {
  const dash = text.indexOf('-');
  const invalid = () => bad(`invalid event id ${text.slice(0, 100)}`);
  if (dash < 0) throw invalid();
  const [head, tail] = [text.slice(0, dash), text.slice(dash + 1)];
  // Leading zeros are no part of the value (Go's strconv reads them); what is left is at most an int64 and a uint32.
  const digits = /^\+?0*(\d{1,19})$/.exec(head)?.[1];
  const index = /^0*(\d{1,10})$/.exec(tail)?.[1];
  if (digits === undefined || index === undefined) throw invalid();
  const id = BigInt(digits);
  const event = Number(index);
  if (id > 2n ** 63n - 1n || event > EVENT_MAX) throw invalid();
  return {
    ledger: Number(id >> 32n),
    tx: Number((id >> 12n) & BigInt(TX_MAX)),
    op: Number(id & BigInt(OP_MAX)),
    event,
  };
}

function readSegment(value: unknown): Segment {
  if (typeof value !== 'string') throw bad();
  if (value === '*' || value === '**') return value;
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value === '') throw new Error('not base64');
    return xdr.ScVal.fromXDR(value, 'base64').toXDR();
  } catch {
    throw bad(`topic segment ${JSON.stringify(value.slice(0, 100))} is not a base64 ScVal`);
  }
}

export function readFilter(value: unknown): ReadFilter {
  if (value === null) return { typeNames: [], contractIds: [], topics: [] };
  if (!isObject(value)) throw bad();
  const { type, contractIds, topics } = value;
  if (type !== undefined && type !== null && typeof type !== 'string') throw bad();
  const names = typeof type === 'string' && type !== '' ? [...new Set(type.split(','))] : [];
  if (
    contractIds !== undefined &&
    contractIds !== null &&
    !(Array.isArray(contractIds) && contractIds.every((id) => typeof id === 'string'))
  )
    throw bad();
  if (
    topics !== undefined &&
    topics !== null &&
    !(Array.isArray(topics) && topics.every((t) => t === null || Array.isArray(t)))
  )
    throw bad();
  return {
    typeNames: names,
    contractIds: (contractIds ?? []) as string[],
    topics: ((topics ?? []) as (unknown[] | null)[]).map((topic) => (topic ?? []).map(readSegment)),
  };
}

/** TopicFilter.Valid (go-stellar-sdk): one to four segments, `**` only last and not counted. */
function topicProblem(topic: Segment[]): string | undefined {
  if (topic.length < 1) return 'topic must have at least 1 segment';
  const trailing = topic.at(-1) === '**';
  const segments = trailing ? topic.slice(0, -1) : topic;
  const misplaced = segments.findIndex((segment) => segment === '**');
  if (misplaced >= 0) return `segment ${misplaced + 1} invalid: wildcard '**' is only allowed as the last segment`;
  if (segments.length > MAX_TOPIC_SEGMENTS) return `topic cannot have more than ${MAX_TOPIC_SEGMENTS} segments`;
  return undefined;
}

/** GetEventsRequest.Valid's checks of the filters, in its order and words. */
export function checkFilters(filters: ReadFilter[]): Filter[] {
  if (filters.length > MAX_FILTERS) throw new RpcError(INVALID_PARAMS, `maximum ${MAX_FILTERS} filters per request`);
  return filters.map((filter, i) => {
    const fail = (text: string) => new RpcError(INVALID_PARAMS, `filter ${i + 1} invalid: ${text}`);
    const names = filter.typeNames;
    if (names.some((name) => !Object.hasOwn(TYPES, name)))
      throw fail("filter type invalid: if set, type must be either 'system' or 'contract'");
    if (filter.contractIds.length > MAX_CONTRACT_IDS) throw fail(`maximum ${MAX_CONTRACT_IDS} contract IDs per filter`);
    if (filter.topics.length > MAX_TOPICS) throw fail(`maximum ${MAX_TOPICS} topics per filter`);
    filter.contractIds.forEach((id, j) => {
      if (!StrKey.isValidContract(id)) throw fail(`contract ID ${j + 1} invalid`);
    });
    filter.topics.forEach((topic, j) => {
      const problem = topicProblem(topic);
      if (problem) throw fail(`topic ${j + 1} invalid: ${problem}`);
    });
    return { types: names.map((name) => TYPES[name]!), contractIds: filter.contractIds, topics: filter.topics };
  });
}
