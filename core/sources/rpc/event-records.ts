// A `getEvents` record of Stellar RPC read into what moved. The record carries the event's contract,
// topics and value as base64 XDR (the default `xdrFormat`, which this client always asks for), its
// ledger and close time, its transaction's hash, and an id that orders it: `%019d-%010d`, the TOID
// of its operation (ledger, transaction order, operation index) and its index among that
// operation's events. The event is rebuilt as XDR and read by the one reader of asset events
// (ledger-meta/asset-events.ts), so an RPC page and a ledger from the lake say the same thing.
import { StrKey, xdr } from '@stellar/stellar-base';
import { z } from 'zod';
import { decodeToid, type TOID } from '../../../shared/toid';
import { CoreError } from '../../app/errors';
import { readAssetEvent, type AssetContracts, type AssetEvent } from '../ledger-meta/asset-events';

/** A record as stellar-rpc writes it (methods/get_events.go); fields this client does not need are let through. */
export const RpcEventRecord = z.looseObject({
  type: z.string(),
  ledger: z
    .number()
    .int()
    .min(1)
    .max(2 ** 32 - 1),
  ledgerClosedAt: z.string(),
  contractId: z.string().optional(),
  id: z.string(),
  inSuccessfulContractCall: z.boolean(),
  topic: z.array(z.string()).max(4),
  value: z.string(),
  txHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type RpcEventRecord = z.infer<typeof RpcEventRecord>;

export class EventRecordError extends Error {
  override name = 'EventRecordError';
}

/** An event id: the TOID of its operation and its index among that operation's events. */
export interface EventId {
  toid: TOID;
  index: number;
}

/** `0016010972359577600-0000000008` → its parts; anything else is refused by name. */
export function readEventId(id: string): EventId {
  const match = /^(\d{19})-(\d{10})$/.exec(id);
  if (!match)
    throw new EventRecordError(`event id "${id.slice(0, 40)}" is not of the form 19 digits, a dash, 10 digits`);
  const index = Number(match[2]);
  if (index > 0xffff_ffff) throw new EventRecordError(`event id "${id}" has an index beyond 4294967295`);
  return { toid: decodeToid(match[1]!.replace(/^0+(?=\d)/, '')), index };
}

export interface ReadEvent {
  id: string;
  ledger: number;
  /** The transaction's 1-based order in its ledger (from the id), and its hash. */
  txOrder: number;
  txHash: string;
  closedAt: string;
  event: AssetEvent;
}

/**
 * The TOID of the operation a record's id names, refused with a sentence (said to the person, not a
 * reader's internal error) when the id is not an event id or names another ledger than the record:
 * a reader that pages, orders or places events by their ids believes nothing of such a server.
 */
export function eventToid(record: Pick<RpcEventRecord, 'id' | 'ledger'>): TOID {
  let toid: TOID;
  try {
    toid = readEventId(record.id).toid;
  } catch {
    throw new CoreError(
      'bad_response',
      `The server gave an event whose id is not an event id ("${record.id.slice(0, 40)}"): nothing of its events is shown.`,
    );
  }
  if (toid.ledger !== record.ledger)
    throw new CoreError(
      'bad_response',
      `The server gave event ${record.id} in ledger ${record.ledger.toLocaleString('en')}, but its id says ledger ${toid.ledger.toLocaleString('en')}: nothing of its events is shown.`,
    );
  return toid;
}

/**
 * The asset event a record holds, or null when it holds none (another contract's event, a system
 * or diagnostic event, a topic that is not a movement). A record whose id disagrees with its
 * ledger, or whose XDR does not decode, is refused with a sentence naming it.
 */
export function readEventRecord(record: RpcEventRecord, contracts: AssetContracts): ReadEvent | null {
  const { toid } = readEventId(record.id);
  if (toid.ledger !== record.ledger)
    throw new EventRecordError(
      `event ${record.id} says ledger ${record.ledger}, but its id is of ledger ${toid.ledger}`,
    );
  if (record.type !== 'contract' || !record.contractId) return null;
  const event = contractEventOf(record);
  const read = readAssetEvent(event, contracts);
  return (
    read && {
      id: record.id,
      ledger: record.ledger,
      txOrder: toid.txOrder,
      txHash: record.txHash,
      closedAt: record.ledgerClosedAt,
      event: read,
    }
  );
}

/** The record's event as XDR, as the ledger's meta holds it. */
export function contractEventOf(record: RpcEventRecord): xdr.ContractEvent {
  if (!record.contractId || !StrKey.isValidContract(record.contractId))
    throw new EventRecordError(`event ${record.id} names no contract (C…)`);
  let topics: xdr.ScVal[];
  let data: xdr.ScVal;
  try {
    topics = record.topic.map((topic) => xdr.ScVal.fromXDR(topic, 'base64'));
    data = xdr.ScVal.fromXDR(record.value, 'base64');
  } catch (error) {
    throw new EventRecordError(`event ${record.id} has a topic or value that is not XDR (${(error as Error).message})`);
  }
  return new xdr.ContractEvent({
    ext: new xdr.ExtensionPoint(0),
    contractId: StrKey.decodeContract(record.contractId) as unknown as xdr.ContractId,
    type: xdr.ContractEventType.contract(),
    body: new xdr.ContractEventBody(0, new xdr.ContractEventV0({ topics, data })),
  });
}
