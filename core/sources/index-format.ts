// How the history index's worker reads one kind of source's index pages (the seam's part for the
// worker, which holds no Source: it reads the pages the sync fetched and stores). Pure functions
// over a page's parsed body and its records, no I/O, light enough for the worker (neither the XDR
// nor the schema library: test/unit/history-worker-modules.test.ts). A source names the format of
// its index listings (`IndexListings.format`, source.ts); the sync sends it with every page it
// hands the worker, and the worker reads the page with that format (index-formats.ts). Horizon's is
// the first (sources/horizon/index-format.ts). What a row is, whatever format it came from, is the
// worker's (worker-thread/extract.ts `IndexRow`), read through the one reading of what an operation
// moved (shared/moves.ts).
import type { JsonValue } from '../../shared/json';
import type { JsonObject } from '../http/values';
import type { Operation, OperationOf } from '../../shared/model';

/** The formats of index pages the worker reads (index-formats.ts holds one reader of each). */
export type IndexFormatName = 'horizon';

/** What every operation record carries, as its typed operation holds it. */
export type OperationCommon = Omit<OperationOf<'inflation'>, 'type'>;

export interface IndexPageFormat {
  readonly name: IndexFormatName;
  /** The records of a listing page's parsed body, in order; throws a bad_response CoreError for a body that is not such a listing. */
  records(body: JsonValue): JsonValue[];
  /** An operation record's type name, as the index stores it. */
  typeName(record: JsonObject): string;
  /**
   * The record as its typed operation, for the types that can move value; undefined for one that
   * moves none. Throws NormalizeError (or AmountError) for a record it cannot read.
   */
  moving(type: string, record: JsonObject, common: OperationCommon): Operation | undefined;
  /** The record as its typed operation for a sentence (every type it reads); undefined for one it cannot. */
  described(type: string, record: JsonObject, common: OperationCommon): Operation | undefined;
}
