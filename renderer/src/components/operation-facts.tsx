// The facts of an operation that a plain field list cannot show well: a contract call decoded, a
// data entry's value as text. The drawer and the operation view show these above the record's
// other fields, which then leave out what the facts already show.
import type { Operation } from '../../../shared/model';
import { ContractCallFacts } from './contract-call';
import { DataEntryFacts } from './data-entry';

const SHOWN: Partial<Record<Operation['type'], string[]>> = {
  invoke_host_function: [
    'hostFunction',
    'contract',
    'functionName',
    'parameters',
    'arguments',
    'returnValue',
    'assetBalanceChanges',
  ],
  manage_data: ['name', 'value', 'valueText', 'valueHex'],
};

/** The record's fields the facts show: the field list leaves them out. */
export function factFields(op: Operation): string[] {
  return SHOWN[op.type] ?? [];
}

export function OperationFacts({ op }: { op: Operation }) {
  switch (op.type) {
    case 'invoke_host_function':
      return <ContractCallFacts op={op} />;
    case 'manage_data':
      return <DataEntryFacts op={op} />;
    default:
      return null;
  }
}
