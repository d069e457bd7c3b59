// SEP-2: a federation address `name*domain` (people give each other `alice*example.com`) resolved
// to an account. The domain's stellar.toml names its FEDERATION_SERVER (HTTPS, or the local
// network's own origin); that server is asked `?q=<address>&type=name` within the toml's bounds,
// and its answer is believed only when it is for the address asked, names a valid account, and
// carries a memo valid for its type. Everything else is refused by a sentence naming the address.
import { CoreError } from '../app/errors';
import { isStrKey } from '../../shared/strkey';
import { fetchBoundedText, type ReadOptions, type StellarToml } from './stellar-toml';
import { parseFederationAddress } from '../../shared/federation-address';

export { parseFederationAddress } from '../../shared/federation-address';

/** What a federation server says of an address: its account and the memo a payment to it must carry. */
export interface FederationRecord {
  address: string;
  account: string;
  memo?: { type: 'text' | 'id' | 'hash'; value: string };
}

const UINT64_MAX = 2n ** 64n - 1n;

/** The memo of an answer, checked for its type: text at most 28 bytes, id a uint64, hash 32 bytes (base64). */
function memoOf(address: string, type: unknown, value: unknown): FederationRecord['memo'] {
  if (type === undefined || type === null || type === '') return undefined;
  const say = (what: string) => new CoreError('bad_response', `The federation answer for ${address} ${what}.`);
  if (typeof value !== 'string') throw say(`has a memo_type ${JSON.stringify(String(type).slice(0, 20))} but no memo`);
  if (type === 'text') {
    if (Buffer.byteLength(value, 'utf8') > 28) throw say('has a text memo longer than 28 bytes');
    return { type, value };
  }
  if (type === 'id') {
    if (!/^\d{1,20}$/.test(value) || BigInt(value) > UINT64_MAX)
      throw say('has an id memo that is not a 64-bit number');
    return { type, value };
  }
  if (type === 'hash') {
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : Buffer.alloc(0);
    if (bytes.length !== 32) throw say('has a hash memo that is not 32 bytes of base64');
    return { type, value };
  }
  throw say(`has a memo_type ${JSON.stringify(String(type).slice(0, 20))}, not text, id or hash`);
}

/** The federation server's answer read and checked against the address asked. */
export function readFederationAnswer(address: string, text: string): FederationRecord {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new CoreError('bad_response', `The federation server's answer for ${address} is not JSON.`);
  }
  const record =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const given = record.stellar_address;
  const asked = parseFederationAddress(address)!;
  const answered = typeof given === 'string' ? parseFederationAddress(given) : null;
  // Names compare as SEP-2's servers match them, without case.
  if (!answered || answered.name.toLowerCase() !== asked.name.toLowerCase() || answered.domain !== asked.domain)
    throw new CoreError(
      'bad_response',
      `The federation server answered for ${JSON.stringify(String(given ?? '').slice(0, 80))}, not ${address}; the answer was not believed.`,
    );
  if (!isStrKey('account', record.account_id))
    throw new CoreError('bad_response', `The federation answer for ${address} names no valid account (G…).`);
  const memo = memoOf(address, record.memo_type, record.memo);
  // The address as the server writes it (its case): the one it answered for.
  return {
    address: `${answered.name}*${answered.domain}`,
    account: record.account_id as string,
    ...(memo ? { memo } : {}),
  };
}

/**
 * Resolves `address` on the network `toml` was read for: its FEDERATION_SERVER asked within the
 * toml's bounds. `readToml` gives the domain's toml (the network profile's cache).
 */
export async function resolveFederation(
  address: string,
  readToml: (domain: string) => Promise<StellarToml>,
  options: ReadOptions = {},
): Promise<FederationRecord> {
  const parsed = parseFederationAddress(address);
  if (!parsed)
    throw new CoreError(
      'invalid_input',
      `${JSON.stringify(address.slice(0, 80))} is not a federation address (name*domain).`,
    );
  const canonical = `${parsed.name}*${parsed.domain}`;
  const toml = await readToml(parsed.domain);
  if (!toml.federationServer)
    throw new CoreError(
      'not_found',
      `${parsed.domain}'s stellar.toml names no FEDERATION_SERVER, so ${canonical} cannot be looked up.`,
    );
  let url: URL;
  try {
    url = new URL(toml.federationServer);
  } catch {
    throw new CoreError('bad_response', `${parsed.domain}'s FEDERATION_SERVER is not a URL.`);
  }
  url.searchParams.set('q', canonical);
  url.searchParams.set('type', 'name');
  let text: string;
  try {
    text = await fetchBoundedText(url, `the federation answer for ${canonical}`, options);
  } catch (error) {
    if (error instanceof CoreError && error.code === 'http_error' && / HTTP 404\.$/.test(error.message))
      throw new CoreError('not_found', `${parsed.domain}'s federation server knows no ${canonical}.`);
    throw error;
  }
  return readFederationAnswer(canonical, text);
}
