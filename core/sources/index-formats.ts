// The readers of each format of index pages, by name: the worker's registry, as registry.ts is the
// core's of sources. A source whose index pages are in a new format adds its reader here.
import type { IndexFormatName, IndexPageFormat } from './index-format';
import { HORIZON_INDEX_FORMAT } from './horizon/index-format';

const FORMATS: Readonly<Record<IndexFormatName, IndexPageFormat>> = { horizon: HORIZON_INDEX_FORMAT };

/** The reader of a format of index pages (default: Horizon's, the format of every page an index stored before formats were named). */
export function indexFormat(name: IndexFormatName = 'horizon'): IndexPageFormat {
  return FORMATS[name];
}
