// A ledger data lake opened for reading, by folder or by URL: its manifest read and checked, and
// its objects fetched by key, bounded, with every answer that is not an object said as a
// LakeError naming the key and what came back. URLs go through the core's one HTTP client
// (core/http: keep-alive agents, bounded bodies, the 429 gate and its waits, timeouts); a folder
// is read by key under it and nothing outside. No listing: a lake is read by GET of computed keys
// (shared/lake-layout.ts), as a public bucket is.
import { open as openFile, readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { abortError, CoreError } from '../../app/errors';
import { HttpClient, HttpError, type HttpClientOptions } from '../../http/http';
import { request, type Answer, type Exchange } from '../../http/http-node';
import { fetchTransport } from './fetch-transport';
import { LakeError, MAX_CONFIG_BYTES, readLakeConfig, type LakeConfig } from './layout';

/** The largest object read (compressed): a pubnet ledger is about 140 kB, a batch of 64 about 10 MB. */
export const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

/** A LakeError about one object: `detail` says what came back, the message names the key too. */
export class LakeObjectError extends LakeError {
  constructor(
    readonly key: string,
    readonly detail: string,
  ) {
    super(`${key}: ${detail}`);
  }
}

/** A folder path (absolute or relative, or file:// URL) or an http(s) base URL; anything else a LakeError. */
export interface OpenedLake {
  /** For sentences: the folder or the URL, credentials never shown. */
  readonly where: string;
  /** The manifest, checked (readLakeConfig). */
  readonly config: LakeConfig;
  /** Found once by probing the first object asked (newer 'zst', legacy 'zstd'); 'zst' until then. */
  readonly extension: 'zst' | 'zstd';
  /**
   * The object's bytes, or null when the lake has no such object (404 / ENOENT). Other answers
   * (403, 429 after the gate's waits, 5xx, HTML, a body larger than the bound) are LakeObjectErrors
   * naming the key and what came back. A key ending `.xdr.zst` or `.xdr.zstd` is read with the
   * lake's extension once it is known (before that, both are tried, the asked one first).
   */
  get(key: string, signal?: AbortSignal): Promise<Uint8Array | null>;
  /** Size in bytes without the body (HEAD / stat), or null when absent. */
  size(key: string, signal?: AbortSignal): Promise<number | null>;
}

export interface OpenLakeOptions {
  signal?: AbortSignal;
  /** A manifest of another network is refused with a sentence naming both. */
  expectPassphrase?: string;
  /** For URLs: the HTTP client's timeouts, retries after 429/503 and waits. */
  http?: HttpClientOptions;
  /** The largest object read (default MAX_OBJECT_BYTES; a test's smaller bound). */
  maxObjectBytes?: number;
}

/** A key this reader asks for: the manifest, or an object key of SEP-54's form. Nothing else is read (no `..`, no listing). */
const KEY = /^(?:\.config\.json|(?:[0-9A-F]{8}--\d{1,10}-\d{1,10}\/)?[0-9A-F]{8}--\d{1,10}(?:-\d{1,10})?\.xdr\.zstd?)$/;
const EXTENSION = /\.xdr\.(zstd?)$/;

/** The folder under which a lake opened by folder lies (lakeBounds may read its directory), else null. */
const folders = new WeakMap<OpenedLake, string>();
export function folderOf(lake: OpenedLake): string | null {
  return folders.get(lake) ?? null;
}

interface Store {
  where: string;
  read(key: string, limit: number, signal?: AbortSignal): Promise<Uint8Array | null>;
  stat(key: string, signal?: AbortSignal): Promise<number | null>;
}

export async function openLake(where: string, options: OpenLakeOptions = {}): Promise<OpenedLake> {
  const maxObject = Math.min(options.maxObjectBytes ?? MAX_OBJECT_BYTES, MAX_OBJECT_BYTES);
  const store = storeOf(where, options);
  const manifest = await store.read('.config.json', MAX_CONFIG_BYTES, options.signal);
  if (manifest === null) throw new LakeError(`${store.where} has no .config.json: not a ledger data lake`);
  const config = readLakeConfig(Buffer.from(manifest).toString('utf8'), `${store.where} .config.json`);
  if (options.expectPassphrase !== undefined && config.networkPassphrase !== options.expectPassphrase)
    throw new LakeError(
      `${store.where} is a lake of the network "${config.networkPassphrase}", not of "${options.expectPassphrase}"`,
    );
  let known: 'zst' | 'zstd' | null = null;
  /** `key` and, while the extension is unknown, the same key with the other extension. */
  const candidates = (key: string): string[] => {
    if (!KEY.test(key)) throw new LakeObjectError(key, 'not a key of a lake object or its manifest');
    const match = EXTENSION.exec(key);
    if (!match) return [key];
    const base = key.slice(0, match.index);
    if (known) return [`${base}.xdr.${known}`];
    return match[1] === 'zst' ? [key, `${base}.xdr.zstd`] : [key, `${base}.xdr.zst`];
  };
  const probe = async <T>(key: string, read: (key: string) => Promise<T | null>): Promise<T | null> => {
    for (const candidate of candidates(key)) {
      const found = await read(candidate);
      if (found === null) continue;
      const match = EXTENSION.exec(candidate);
      if (match) known ??= match[1] as 'zst' | 'zstd';
      return found;
    }
    return null;
  };
  const lake: OpenedLake = {
    where: store.where,
    config,
    get extension() {
      return known ?? 'zst';
    },
    get: (key, signal) => probe(key, (one) => store.read(one, maxObject, signal)),
    size: (key, signal) => probe(key, (one) => store.stat(one, signal)),
  };
  if (!/^https?:/i.test(where)) folders.set(lake, store.where);
  return lake;
}

function storeOf(where: string, options: OpenLakeOptions): Store {
  if (/^https?:\/\//i.test(where)) {
    let url: URL;
    try {
      url = new URL(where);
    } catch {
      throw new LakeError(`"${where.slice(0, 200)}" is not a URL of a lake`);
    }
    return httpStore(url, options.http);
  }
  if (/^file:/i.test(where)) {
    try {
      return folderStore(fileURLToPath(where));
    } catch {
      throw new LakeError(`"${where.slice(0, 200)}" is not a file URL of a folder`);
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(where))
    throw new LakeError(
      `"${where.slice(0, 200)}" is neither a folder nor an http(s) URL: a lake is read from one of those`,
    );
  if (where.trim() === '') throw new LakeError('No lake given: a folder or an http(s) URL');
  return folderStore(isAbsolute(where) ? where : resolve(where));
}

function folderStore(root: string): Store {
  const notFound = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
  /** The object's file opened, or null when the folder has none of that name. */
  const openIn = async (key: string, signal?: AbortSignal) => {
    if (signal?.aborted) throw abortError();
    try {
      return await openFile(join(root, key), 'r');
    } catch (error) {
      if (notFound(error)) return null;
      throw new LakeObjectError(key, `could not be read in ${root} (${(error as Error).message})`);
    }
  };
  return {
    where: root,
    async read(key, limit, signal) {
      const file = await openIn(key, signal);
      if (!file) return null;
      try {
        const stat = await file.stat();
        if (!stat.isFile()) throw new LakeObjectError(key, `is not a file in ${root}`);
        if (stat.size > limit)
          throw new LakeObjectError(key, `is ${stat.size} bytes, more than the ${limit} a lake object may be`);
        const bytes = new Uint8Array(stat.size);
        let at = 0;
        while (at < bytes.length) {
          const { bytesRead } = await file.read(bytes, at, bytes.length - at, at);
          if (bytesRead === 0) break;
          at += bytesRead;
        }
        if (signal?.aborted) throw abortError();
        return at === bytes.length ? bytes : bytes.subarray(0, at);
      } catch (error) {
        if (error instanceof LakeError || signal?.aborted) throw error;
        throw new LakeObjectError(key, `could not be read in ${root} (${(error as Error).message})`);
      } finally {
        await file.close();
      }
    },
    async stat(key, signal) {
      const file = await openIn(key, signal);
      if (!file) return null;
      try {
        const stat = await file.stat();
        return stat.isFile() ? stat.size : null;
      } finally {
        await file.close();
      }
    },
  };
}

/** The URL as shown: no user, no password, no query (a signed URL's signature stays out of sentences). */
function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

const HEAD: Exchange = { method: 'HEAD', headers: {} };

function httpStore(base: URL, options: HttpClientOptions = {}): Store {
  const client = new HttpClient(base.href, { timeoutMs: 60_000, ...options });
  const where = shown(base);
  /** What a failed answer is said as; null for 404 (no such object). */
  const failure = (key: string, error: unknown, signal?: AbortSignal): LakeError | null => {
    if (signal?.aborted) return abortError() as LakeError;
    if (error instanceof HttpError) {
      if (error.status === 404) return null;
      const what: Record<number, string> = {
        403: 'forbidden: the lake is not public, or the URL is not its base',
        429: "too many requests, still after the client's waits",
      };
      return new LakeObjectError(key, `${where} answered ${error.status} (${what[error.status] ?? error.message})`);
    }
    if (error instanceof LakeError) return error;
    const message = error instanceof CoreError || error instanceof Error ? error.message : String(error);
    return new LakeObjectError(key, `could not be fetched from ${where} (${message})`);
  };
  const html = (answer: Answer) => /^\s*text\/html/i.test(answer.headers.get('content-type') ?? '');
  return {
    where,
    async read(key, limit, signal) {
      try {
        const message = `${key}: ${where} answered more than ${limit} bytes, more than a lake object may be`;
        const { value } = await client.getWith(
          key,
          fetchTransport({ bytes: limit, message }),
          async (answer) => {
            if (html(answer))
              throw new LakeObjectError(key, `${where} answered ${answer.status} with an HTML page, not a lake object`);
            return new Uint8Array(await answer.arrayBuffer());
          },
          { signal },
        );
        return value;
      } catch (error) {
        const said = failure(key, error, signal);
        if (said) throw said;
        return null;
      }
    },
    async stat(key, signal) {
      try {
        const { headers } = await client.getWith(
          key,
          (url, _exchange, abort) => request(url, HEAD, abort),
          async () => null,
          { signal },
        );
        const length = Number(headers.get('content-length'));
        if (!Number.isSafeInteger(length) || length < 0)
          throw new LakeObjectError(key, `${where} answered HEAD without a length`);
        return length;
      } catch (error) {
        const said = failure(key, error, signal);
        if (said) throw said;
        return null;
      }
    },
  };
}

/** Ledger ranges of the objects a folder lake holds, from its directory names (lakeBounds). */
export async function folderKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  const top = await readdir(root, { withFileTypes: true });
  for (const entry of top) {
    if (entry.isFile() && KEY.test(entry.name) && entry.name !== '.config.json') keys.push(entry.name);
  }
  const partitions = top
    .filter((entry) => entry.isDirectory() && /^[0-9A-F]{8}--\d{1,10}-\d{1,10}$/.test(entry.name))
    .map((entry) => entry.name);
  // Only the first and last partitions matter for bounds: keys count down, so the first ledger's partition sorts last.
  partitions.sort();
  for (const partition of new Set([partitions[0], partitions[partitions.length - 1]])) {
    if (partition === undefined) continue;
    for (const name of await readdir(join(root, partition)))
      if (KEY.test(`${partition}/${name}`)) keys.push(`${partition}/${name}`);
  }
  return keys;
}
