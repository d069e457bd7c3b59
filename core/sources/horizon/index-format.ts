// Horizon's index pages as the history index's worker reads them (sources/index-format.ts): HAL
// listings (`_embedded.records`) of operation records in either dialect, read by the light
// operation readers (no XDR or schema library), the same readers normalize.ts uses.
import type { IndexPageFormat } from '../index-format';
import { embeddedRecords } from './hal-records';
import { readDescribed, readMoving } from './operation-readers/moving';
import { typeNameOf } from './type-name';

export const HORIZON_INDEX_FORMAT: IndexPageFormat = {
  name: 'horizon',
  records: embeddedRecords,
  typeName: typeNameOf,
  moving: readMoving,
  described: readDescribed,
};
