// Readers of the smart-contract types. Horizon writes a contract call's parameters as base64
// ScVal XDR: the first is the contract's address, the second the function's name, the rest its
// arguments. All are decoded here with @stellar/stellar-base into typed values (sc-value.ts), the
// arguments named where the function is the token interface's (contract-call.ts); the base64
// stays in `parameters`, the page's raw form.
import type { Operation } from '../../../../shared/model';
import type { ScValue } from '../../../../shared/model/sc-value-types';
import { int, NormalizeError, obj, text, type JsonObject } from '../../../http/values';
import { balanceChanges } from './balance-changes';
import { joinedTransaction, nameArguments, returnValueOf } from './contract-call';
import { defined, type Common } from './fields';
import { decodeScValBase64, newBudget } from './sc-value';

export function readInvokeHostFunction(r: JsonObject, c: Common): Operation {
  const parameters = Array.isArray(r['parameters'])
    ? r['parameters'].map((item) => {
        const p = obj(item) ?? {};
        return { type: text(p['type']) ?? '', value: text(p['value']) ?? '' };
      })
    : [];
  const hostFunction = text(r['function']) ?? '';
  const budget = newBudget();
  const values = parameters.map((p) => decodeScValBase64(p.value, budget));
  const isCall = /InvokeContract$/.test(hostFunction);
  const call = isCall ? contractCall(values) : {};
  const returnValue = returnValueOf(joinedTransaction(r), budget);
  return {
    ...c,
    type: 'invoke_host_function',
    hostFunction,
    ...call,
    parameters,
    arguments: nameArguments(call.functionName, isCall ? values.slice(2) : values),
    ...defined({
      address: text(r['address']) || undefined,
      salt: text(r['salt']) || undefined,
      returnValue,
    }),
    assetBalanceChanges: balanceChanges(r['asset_balance_changes']),
  };
}

/** Contract and function of a contract call, when its first two parameters are an address and a symbol. */
function contractCall([address, name]: ScValue[]): { contract?: string; functionName?: string } {
  return {
    ...(address?.kind === 'address' && address.address.startsWith('C') ? { contract: address.address } : {}),
    ...(name?.kind === 'symbol' && name.text !== undefined ? { functionName: name.text } : {}),
  };
}

export function readExtendFootprintTtl(r: JsonObject, c: Common): Operation {
  const extendTo = int(r['extend_to']);
  if (extendTo === undefined || extendTo < 0) throw new NormalizeError('extend_to is missing');
  return { ...c, type: 'extend_footprint_ttl', extendTo };
}
