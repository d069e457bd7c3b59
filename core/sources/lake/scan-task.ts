// What the lake scan's pool sends its workers and what they answer (scan-object.ts, scan-decode.ts).
import type { LakeConfig } from '../../../shared/lake-layout';

export interface ScanTask {
  id: number;
  bytes: Uint8Array;
  /** A ledger of the object (its key's) and the key, for the checks and their sentences. */
  ledger: number;
  key: string;
  config: LakeConfig;
  account: string;
  /** The account's 32 ed25519 key bytes (a muxed id holds them too). */
  accountKey: Uint8Array;
  /** Only ledgers from `from` to `to` are returned (a batch may reach outside the range). */
  from: number;
  to: number;
  maxBatchBytes?: number;
  /** Set by the pool: this worker decodes an object that holds the account (else it hands it back). */
  decode?: boolean;
}

/** A ledger scanned: its records as lossless JSON text (numbers stay exact across threads), or null. */
export interface ScanLine {
  ledger: number;
  records: string | null;
}

export type ScanReply =
  | { id: number; lines: ScanLine[]; decoded: boolean }
  /** The object holds the account and this worker does not decode: its bytes, back for the decoder. */
  | { id: number; hit: Uint8Array }
  | { id: number; error: string };

export type ScanResult = { lines: ScanLine[]; decoded: boolean } | { hit: Uint8Array };
