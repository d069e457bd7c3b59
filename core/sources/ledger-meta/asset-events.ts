// CAP-67 asset events: since protocol 23 every movement of a classic asset (a payment, a path
// payment's hops, an offer's fills, a claimable balance, a pool deposit, a merge, a fee) is an event
// of the asset's Stellar Asset Contract (SAC), and the public lake re-encodes older ledgers with
// them. This reads one event into what moved: its kind, the asset, the amount in stroops, who it
// left and who it reached.
//
// Anyone can deploy a contract that emits a `transfer` event naming "native": an event is an asset
// event only when the contract that emitted it is that asset's SAC on this network (its id is
// derived from the asset and the network passphrase), so a look-alike is never read as XLM. A SAC
// event that breaks CAP-67's shapes is refused with a sentence naming it, never guessed at.
import type { xdr } from '@stellar/stellar-base';
import { Address, Asset, StrKey, scValToNative } from '@stellar/stellar-base';

export type AssetEventKind = 'transfer' | 'mint' | 'burn' | 'clawback' | 'fee';

export interface AssetEvent {
  kind: AssetEventKind;
  /** The asset as the index keys it (shared/moves.ts movedAssetKey): "native" or "CODE:ISSUER". */
  asset: string;
  /**
   * Stroops. Positive but for `fee`, which is negative for a refund (CAP-67: a fee charged before
   * the transaction, the unused part of a Soroban fee given back after it).
   */
  stroops: bigint;
  /** The address the value left (transfer, burn, clawback, fee): G…, C…, B… (a claimable balance) or L… (a pool). */
  from?: string;
  /** The address the value reached (transfer, mint); a muxed destination's base account. */
  to?: string;
  /** The destination's muxed id or memo, when the payment named one (CAP-67's `to_muxed_id`). */
  toMuxedId?: string;
  /** The SAC that emitted it. */
  contract: string;
}

export class AssetEventError extends Error {
  override name = 'AssetEventError';
}

/** The SAC contract id of each asset on one network, computed once per asset. */
export class AssetContracts {
  private readonly ids = new Map<string, string>();
  constructor(readonly passphrase: string) {}

  /** The SAC id of "native" or "CODE:ISSUER"; null for text that names no classic asset. */
  idOf(asset: string): string | null {
    let id = this.ids.get(asset);
    if (id === undefined) {
      const parsed = classicAsset(asset);
      id = parsed ? parsed.contractId(this.passphrase) : '';
      this.ids.set(asset, id);
    }
    return id || null;
  }
}

function classicAsset(text: string): Asset | null {
  if (text === 'native') return Asset.native();
  const match = /^([A-Za-z0-9]{1,12}):(G[A-Z2-7]{55})$/.exec(text);
  if (!match || !StrKey.isValidEd25519PublicKey(match[2]!)) return null;
  try {
    return new Asset(match[1]!, match[2]!);
  } catch {
    return null;
  }
}

const KINDS = new Set<string>(['transfer', 'mint', 'burn', 'clawback', 'fee']);

/**
 * What an event moved, or null when it is not a SAC's asset event (another contract's event, a
 * diagnostic or system event, `set_authorized`, a topic that is not one of the five).
 * Throws AssetEventError for a SAC event whose topics or amount break CAP-67.
 */
export function readAssetEvent(event: xdr.ContractEvent, contracts: AssetContracts): AssetEvent | null {
  if (event.type().name !== 'contract') return null;
  const contractId = event.contractId();
  if (!contractId) return null;
  const contract = StrKey.encodeContract(contractId as unknown as Buffer);
  const body = event.body().v0();
  const topics = body.topics();
  const first = topics[0];
  if (!first || first.switch().name !== 'scvSymbol') return null;
  const kind = first.sym().toString();
  if (!KINDS.has(kind)) return null;
  const what = `the ${kind} event of ${contract}`;

  if (kind === 'fee') {
    // Emitted by the native SAC only: [fee, from], the amount charged (or, negative, refunded).
    if (contract !== contracts.idOf('native')) return null;
    if (topics.length !== 2) throw new AssetEventError(`${what} has ${topics.length} topics, not 2 (fee, from)`);
    return {
      kind: 'fee',
      asset: 'native',
      stroops: i128Of(body.data(), what),
      from: addressOf(topics[1]!, what),
      contract,
    };
  }

  const assetTopic = topics.at(-1)!;
  if (assetTopic.switch().name !== 'scvString') return null;
  const asset = assetTopic.str().toString();
  // Not that asset's SAC: a contract of its own that calls its event "transfer" (a token, a look-alike).
  if (contracts.idOf(asset) !== contract) return null;
  const parties = topics.slice(1, -1).map((topic) => addressOf(topic, what));
  const { stroops, toMuxedId } = amountOf(body.data(), what);
  if (stroops < 0n) throw new AssetEventError(`${what} moves a negative amount (${stroops} stroops)`);
  const shaped = (n: number, names: string) => {
    if (parties.length !== n)
      throw new AssetEventError(`${what} names ${parties.length} addresses, not ${n} (${names}) before its asset`);
  };
  const base = { asset, stroops, contract, ...(toMuxedId === undefined ? {} : { toMuxedId }) };
  switch (kind) {
    case 'transfer':
      shaped(2, 'from, to');
      return { kind, ...base, from: parties[0]!, to: parties[1]! };
    case 'mint':
      // CAP-67: [mint, to, asset]; the SAC before it: [mint, admin, to, asset].
      if (parties.length === 2) return { kind, ...base, to: parties[1]! };
      shaped(1, 'to');
      return { kind, ...base, to: parties[0]! };
    case 'burn':
      shaped(1, 'from');
      return { kind, ...base, from: parties[0]! };
    default:
      // clawback, CAP-67: [clawback, from, asset]; the SAC before it: [clawback, admin, from, asset].
      if (parties.length === 2) return { kind: 'clawback', ...base, from: parties[1]! };
      shaped(1, 'from');
      return { kind: 'clawback', ...base, from: parties[0]! };
  }
}

/** An address topic as a strkey; a muxed address (M…) as its base account, since balances are the base's. */
function addressOf(topic: xdr.ScVal, what: string): string {
  if (topic.switch().name !== 'scvAddress') throw new AssetEventError(`${what} has a topic that is not an address`);
  const address = Address.fromScVal(topic).toString();
  if (address.startsWith('M'))
    return StrKey.encodeEd25519PublicKey(StrKey.decodeMed25519PublicKey(address).subarray(0, 32));
  return address;
}

function i128Of(data: xdr.ScVal, what: string): bigint {
  if (data.switch().name !== 'scvI128')
    throw new AssetEventError(`${what} carries ${data.switch().name}, not an i128 amount`);
  return scValToNative(data) as bigint;
}

/** The amount: an i128, or (CAP-67, a muxed destination) a map {amount: i128, to_muxed_id: u64 | bytes | string}. */
function amountOf(data: xdr.ScVal, what: string): { stroops: bigint; toMuxedId?: string } {
  if (data.switch().name !== 'scvMap') return { stroops: i128Of(data, what) };
  let stroops: bigint | undefined;
  let toMuxedId: string | undefined;
  for (const entry of data.map() ?? []) {
    const key = entry.key();
    const name = key.switch().name === 'scvSymbol' ? key.sym().toString() : '';
    if (name === 'amount') stroops = i128Of(entry.val(), what);
    else if (name === 'to_muxed_id') toMuxedId = muxedIdText(entry.val(), what);
    else throw new AssetEventError(`${what} carries a map with the unexpected key "${name || key.switch().name}"`);
  }
  if (stroops === undefined) throw new AssetEventError(`${what} carries a map without an amount`);
  return toMuxedId === undefined ? { stroops } : { stroops, toMuxedId };
}

function muxedIdText(value: xdr.ScVal, what: string): string {
  switch (value.switch().name) {
    case 'scvU64':
      return value.u64().toBigInt().toString();
    case 'scvBytes':
      return Buffer.from(value.bytes()).toString('hex');
    case 'scvString':
      return value.str().toString();
    default:
      throw new AssetEventError(`${what} carries a to_muxed_id of type ${value.switch().name}`);
  }
}

/** Each address's net change per asset from a list of asset events: "address|asset" → stroops. */
export function netOfEvents(events: readonly AssetEvent[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  const add = (address: string | undefined, asset: string, stroops: bigint) => {
    if (!address) return;
    const key = `${address}|${asset}`;
    net.set(key, (net.get(key) ?? 0n) + stroops);
  };
  for (const event of events) {
    if (event.kind === 'transfer') {
      add(event.from, event.asset, -event.stroops);
      add(event.to, event.asset, event.stroops);
    } else if (event.kind === 'mint') add(event.to, event.asset, event.stroops);
    else add(event.from, event.asset, -event.stroops);
  }
  return net;
}
