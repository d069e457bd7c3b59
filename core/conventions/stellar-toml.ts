// SEP-1: what a domain says about itself in `https://<domain>/.well-known/stellar.toml`. Everything
// read here is the domain's claim, untrusted: the fetch is bounded (HTTPS only unless the network
// is the app's own local one, 100 kB, 5 s, redirects within the domain's origin only), the text is
// parsed by a maintained TOML parser, and what is kept is a few bounded strings. A currency is
// verified only when the toml lists that exact code for that exact issuer; an issuer's home domain
// pointing at a toml is not enough on its own (anyone can set any home domain).
import { parse as parseToml } from 'smol-toml';
import { CoreError } from '../app/errors';
import { request, type Answer, type Exchange } from '../http/http-node';
import { isAccountKey } from '../../shared/strkey';
import { isDomain } from '../../shared/federation-address';

export { isDomain } from '../../shared/federation-address';

/** SEP-1: "the stellar.toml file... should be no larger than 100 KB". */
export const TOML_MAX_BYTES = 100 * 1024;
/** How long a domain has to answer, headers and body together. */
export const TOML_TIMEOUT_MS = 5_000;
/** The most currencies kept from one toml (SEP-1 sets none; a directory of thousands is not read whole). */
export const TOML_MAX_CURRENCIES = 500;
/** The longest text kept of one field: names and codes are short, descriptions a paragraph. */
const MAX_FIELD = { short: 120, long: 1_000 } as const;

export interface TomlCurrency {
  code: string;
  issuer: string;
  name?: string;
  desc?: string;
  /** An image's URL, shown only when the person asks for it. */
  image?: string;
}

export interface StellarToml {
  domain: string;
  orgName?: string;
  orgUrl?: string;
  federationServer?: string;
  networkPassphrase?: string;
  /** ACCOUNTS: the accounts the domain says it controls. */
  accounts: string[];
  currencies: TomlCurrency[];
  /** Currencies past TOML_MAX_CURRENCIES, or entries left out because they were not well formed. */
  skipped: number;
}

/** Where a domain's toml is: `https://<domain>/.well-known/stellar.toml`, or under `localOrigin` for the local network's own domain. */
export function tomlUrl(domain: string, local?: LocalConventions): URL {
  if (!isDomain(domain))
    throw new CoreError('invalid_input', `${JSON.stringify(domain.slice(0, 80))} is not a domain name.`);
  const origin =
    local && domain.toLowerCase() === local.domain.toLowerCase() ? local.origin : `https://${domain.toLowerCase()}`;
  return new URL('/.well-known/stellar.toml', origin);
}

/**
 * The local network's conventions served over plain HTTP: its service names itself `domain`
 * (`localhost`) in the demo issuers' home_domain and answers at `origin` (http://127.0.0.1:port).
 * Only the app's own local network sets this; every other domain is read over HTTPS.
 */
export interface LocalConventions {
  domain: string;
  origin: string;
}

export type Fetcher = (url: URL, exchange: Exchange, signal: AbortSignal) => Promise<Answer>;

export interface ReadOptions {
  local?: LocalConventions;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The transport (tests pass one that reaches a stand-in over HTTPS-less loopback). */
  fetcher?: Fetcher;
}

/** Fetches and reads a domain's stellar.toml; every failure is a CoreError whose sentence names the domain. */
export async function fetchStellarToml(domain: string, options: ReadOptions = {}): Promise<StellarToml> {
  const url = tomlUrl(domain, options.local);
  const text = await fetchBoundedText(url, `${domain}'s stellar.toml`, options);
  return readStellarToml(domain, text);
}

/**
 * GETs `url` and reads its body as UTF-8 within the bounds above; `what` names it in sentences.
 * Plain HTTP only for the local network's origin.
 */
export async function fetchBoundedText(url: URL, what: string, options: ReadOptions = {}): Promise<string> {
  if (url.protocol !== 'https:' && !(options.local && url.origin === new URL(options.local.origin).origin))
    throw new CoreError('invalid_input', `${what} is at ${url.origin}, not HTTPS; only HTTPS is read.`);
  const timeoutMs = options.timeoutMs ?? TOML_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), timeoutMs);
  const outer = options.signal;
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    const answer = await (options.fetcher ?? request)(
      url,
      { method: 'GET', headers: { accept: 'text/plain, application/toml, application/json, */*' } },
      controller.signal,
    );
    if (!answer.ok) {
      controller.abort(new Error('not read'));
      throw new CoreError('http_error', `${what} could not be read: ${url.host} answered HTTP ${answer.status}.`);
    }
    const bytes = await answer.arrayBuffer(undefined, {
      bytes: TOML_MAX_BYTES,
      message: `${what} is larger than ${TOML_MAX_BYTES / 1024} kB, the most read; it was not read.`,
    });
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof CoreError) {
      // The transport's own redirect sentences name the origin; say whose file it was.
      throw error.code === 'bad_response' ? new CoreError('bad_response', `${what}: ${error.message}`) : error;
    }
    if (controller.signal.aborted && !outer?.aborted)
      throw new CoreError('timeout', `${what} did not arrive within ${timeoutMs / 1000} s; it was not read.`);
    if (outer?.aborted) throw new CoreError('cancelled', `Reading ${what} was cancelled.`);
    if (error instanceof TypeError && /decode|encoded/i.test(error.message))
      throw new CoreError('bad_response', `${what} is not UTF-8 text.`);
    throw new CoreError('unreachable', `${what} could not be read: ${unreachableWords(error, url)}`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/** Why a domain could not be reached, in words: its name unknown, nothing listening, a certificate refused. */
function unreachableWords(error: unknown, url: URL): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = String(message ?? error).slice(0, 200);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `no address is known for ${url.hostname}.`;
  if (code === 'ECONNREFUSED') return `nothing answers at ${url.host} (connection refused).`;
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code))
    return `its HTTPS certificate was refused (${text}).`;
  return text;
}

const str = (value: unknown, limit: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, limit) : undefined;

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** An asset code as the network allows: 1 to 12 letters and digits. */
const ASSET_CODE = /^[A-Za-z0-9]{1,12}$/;

/** Reads a toml's text: invalid TOML is refused with the parser's line; unknown or ill-typed fields are left out. */
export function readStellarToml(domain: string, text: string): StellarToml {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    const first = String((error as Error).message)
      .split('\n')[0]!
      .slice(0, 200);
    throw new CoreError('bad_response', `${domain}'s stellar.toml is not valid TOML: ${first}`);
  }
  const documentation = record(parsed.DOCUMENTATION) ?? {};
  const accounts = Array.isArray(parsed.ACCOUNTS) ? parsed.ACCOUNTS.filter(isAccountKey).slice(0, 1_000) : [];
  const currencies: TomlCurrency[] = [];
  let skipped = 0;
  for (const entry of Array.isArray(parsed.CURRENCIES) ? parsed.CURRENCIES : []) {
    const c = record(entry);
    const code = c && str(c.code, 100);
    const issuer = c && str(c.issuer, 100);
    if (!c || !code || !ASSET_CODE.test(code) || !issuer || !isAccountKey(issuer)) {
      skipped++;
      continue;
    }
    if (currencies.length >= TOML_MAX_CURRENCIES) {
      skipped++;
      continue;
    }
    currencies.push({
      code,
      issuer,
      ...optional('name', str(c.name, MAX_FIELD.short)),
      ...optional('desc', str(c.desc, MAX_FIELD.long)),
      ...optional('image', httpsUrl(c.image)),
    });
  }
  return {
    domain: domain.toLowerCase(),
    ...optional('orgName', str(documentation.ORG_NAME, MAX_FIELD.short)),
    ...optional('orgUrl', httpsUrl(documentation.ORG_URL)),
    ...optional('federationServer', str(parsed.FEDERATION_SERVER, 500)),
    ...optional('networkPassphrase', str(parsed.NETWORK_PASSPHRASE, 200)),
    accounts,
    currencies,
    skipped,
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function httpsUrl(value: unknown): string | undefined {
  const text = str(value, 500);
  if (!text) return undefined;
  try {
    return new URL(text).protocol === 'https:' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** What a toml says of one asset: the currency entry for that exact code and issuer, verified; or why not. */
export type CurrencyClaim =
  { verified: true; currency: TomlCurrency } | { verified: false; reason: string; currency?: undefined };

export function currencyClaim(toml: StellarToml, code: string, issuer: string): CurrencyClaim {
  const currency = toml.currencies.find((c) => c.code === code && c.issuer === issuer);
  if (currency) return { verified: true, currency };
  const sameCode = toml.currencies.some((c) => c.code === code);
  return {
    verified: false,
    reason: sameCode
      ? `${toml.domain}'s stellar.toml lists ${code} under another issuer, not this one.`
      : `${toml.domain}'s stellar.toml does not list ${code} from this issuer.`,
  };
}

/** One read of a domain: its toml, or the sentence that says why there is none; and when it was read. */
export type TomlReading = { fetchedAt: number } & ({ toml: StellarToml } | { problem: string; code: string });

/**
 * Readings by domain, newest kept: a reading (or a failure) is reused for `maxAgeMs` and refetched
 * on demand; concurrent asks for one domain share one request; at most `capacity` domains kept.
 */
export class TomlCache {
  private readonly readings = new Map<string, TomlReading>();
  private readonly pending = new Map<string, Promise<TomlReading>>();

  constructor(
    private readonly read: (domain: string) => Promise<StellarToml>,
    private readonly options: { maxAgeMs?: number; failureAgeMs?: number; capacity?: number; now?: () => number } = {},
  ) {}

  async get(domain: string, { refresh = false } = {}): Promise<TomlReading> {
    const key = domain.toLowerCase();
    const now = (this.options.now ?? Date.now)();
    const kept = this.readings.get(key);
    if (kept && !refresh) {
      const age = now - kept.fetchedAt;
      const limit = 'toml' in kept ? (this.options.maxAgeMs ?? 3_600_000) : (this.options.failureAgeMs ?? 60_000);
      if (age >= 0 && age < limit) return kept;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const reading = this.read(key).then(
      (toml): TomlReading => ({ toml, fetchedAt: (this.options.now ?? Date.now)() }),
      (error: unknown): TomlReading => ({
        problem: error instanceof Error ? error.message : String(error),
        code: error instanceof CoreError ? error.code : 'internal',
        fetchedAt: (this.options.now ?? Date.now)(),
      }),
    );
    this.pending.set(key, reading);
    try {
      const done = await reading;
      this.readings.delete(key);
      this.readings.set(key, done);
      const capacity = this.options.capacity ?? 200;
      while (this.readings.size > capacity) this.readings.delete(this.readings.keys().next().value!);
      return done;
    } finally {
      this.pending.delete(key);
    }
  }
}

/**
 * The local conventions of a network profile: the built-in local network serves its demo issuers'
 * toml and its federation over plain HTTP at its own origin, under the home domain `localhost`.
 * Every other profile reads every domain over HTTPS.
 */
export function localConventionsOf(profile: {
  id: string;
  builtIn: boolean;
  baseUrl: string;
}): LocalConventions | undefined {
  if (!(profile.builtIn && profile.id === 'local')) return undefined;
  return { domain: 'localhost', origin: new URL(profile.baseUrl).origin };
}
