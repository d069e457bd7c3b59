// What the explore home shows: the latest ledgers, the latest operations, and on the local network
// its demo accounts by name. Closed ledgers never change, so each is read once per network and
// kept (a poll then costs one root reading and the ledgers closed since). The service has no
// `/ledgers` listing, so ledgers are read by sequence, newest first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StrKey } from '@stellar/stellar-base';
import type { DemoAccount, LedgerSummary } from '../../shared/home-model';
import { LabelEntry } from '../../shared/labels';
import type { Operation } from '../../shared/model';
import { HttpError, type HttpClient } from '../http/http';
import { fetchListing } from '../sources/horizon/listings';
import { normalizeLedger } from '../sources/horizon/resources';

const MAX_CACHED = 2_000;
/** How far back "previous non-empty ledger" looks before saying there is none nearby. */
export const MAX_EMPTY_SCAN = 400;
const SCAN_BATCH = 20;

export class LedgerCache {
  private readonly ledgers = new Map<string, LedgerSummary | null>();
  private readonly operations = new Map<string, Operation[]>();

  /** A ledger by sequence, from the cache or the network; null when the network never closed it. */
  async ledger(http: HttpClient, sequence: number, signal?: AbortSignal): Promise<LedgerSummary | null> {
    const key = `${http.baseUrl} ${sequence}`;
    if (this.ledgers.has(key)) return this.ledgers.get(key)!;
    try {
      const {
        raw: _raw,
        hash: _hash,
        ...summary
      } = normalizeLedger((await http.getJson(`/ledgers/${sequence}`, { signal })).body);
      this.remember(this.ledgers, key, summary);
      return summary;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** The `limit` ledgers up to `latest`, newest first (fewer near the network's first ledger). */
  async recent(http: HttpClient, latest: number, limit: number, signal?: AbortSignal): Promise<LedgerSummary[]> {
    const sequences = Array.from({ length: Math.min(limit, latest) }, (_, i) => latest - i);
    const found = await Promise.all(sequences.map((sequence) => this.ledger(http, sequence, signal)));
    return found.filter((ledger): ledger is LedgerSummary => ledger !== null);
  }

  /** The ledger before `sequence`, or with `skipEmpty` the nearest earlier one with operations. */
  async previous(
    http: HttpClient,
    sequence: number,
    skipEmpty: boolean,
    signal?: AbortSignal,
  ): Promise<{ sequence: number | null; skipped: number }> {
    if (!skipEmpty) return { sequence: sequence > 1 ? sequence - 1 : null, skipped: 0 };
    const floor = Math.max(1, sequence - MAX_EMPTY_SCAN);
    for (let top = sequence - 1; top >= floor; top -= SCAN_BATCH) {
      const batch = Array.from({ length: Math.min(SCAN_BATCH, top - floor + 1) }, (_, i) => top - i);
      const ledgers = await Promise.all(batch.map((seq) => this.ledger(http, seq, signal)));
      const hit = ledgers.find((ledger) => ledger !== null && ledger.operationCount > 0);
      if (hit) return { sequence: hit.sequence, skipped: sequence - 1 - hit.sequence };
      if (ledgers.some((ledger) => ledger === null)) break;
    }
    return { sequence: null, skipped: sequence - floor };
  }

  /**
   * The latest operations (failed ones too) at or before `latest`, newest first, from at most
   * five ledgers with operations: empty ledgers are skipped, as far back as MAX_EMPTY_SCAN.
   */
  async latestOperations(http: HttpClient, latest: number, limit: number, signal?: AbortSignal): Promise<Operation[]> {
    const out: Operation[] = [];
    let sequence: number | null = latest;
    for (let busy = 0; sequence !== null && busy < 5 && out.length < limit;) {
      const ledger = await this.ledger(http, sequence, signal);
      if (!ledger) break;
      if (ledger.operationCount > 0) {
        busy += 1;
        out.push(...(await this.ledgerOperations(http, sequence, limit - out.length, signal)));
      }
      sequence = (await this.previous(http, sequence, true, signal)).sequence;
    }
    return out.slice(0, limit);
  }

  private async ledgerOperations(
    http: HttpClient,
    sequence: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<Operation[]> {
    const key = `${http.baseUrl} ${sequence} ${limit}`;
    const cached = this.operations.get(key);
    if (cached) return cached;
    const query = { limit, order: 'desc' as const, includeFailed: true, includeTransactions: false };
    const page = await fetchListing(http, { kind: 'operations', scope: 'ledger', id: String(sequence) }, query, {
      signal,
    });
    this.remember(this.operations, key, page.records);
    return page.records;
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= MAX_CACHED) map.delete(map.keys().next().value!);
    map.set(key, value);
  }
}

/**
 * The local network's demo accounts by name, from `<dataDir>/demo-accounts.json`. That file holds
 * secret keys; only names and public ids leave this function (the app never holds a secret).
 */
export function readDemoAccounts(dataDir: string): DemoAccount[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8'));
  } catch {
    return [];
  }
  const list = data && typeof data === 'object' ? (data as { accounts?: unknown }).accounts : undefined;
  if (!Array.isArray(list)) return [];
  return list.slice(0, 200).flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { name, publicKey, signers } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || typeof publicKey !== 'string' || !StrKey.isValidEd25519PublicKey(publicKey))
      return [];
    return [{ name: name.slice(0, 64), account: publicKey, multisig: Array.isArray(signers) && signers.length > 0 }];
  });
}

/**
 * The demo accounts' names as the address book gives them (core/app/labels.ts): each kept to the rules
 * of a label (a name that breaks them is left out, its account shown by its id).
 */
export function demoNames(dataDir: string): LabelEntry[] {
  return readDemoAccounts(dataDir).flatMap(({ name, account }) => {
    const parsed = LabelEntry.safeParse({ account, label: name });
    return parsed.success ? [parsed.data] : [];
  });
}
