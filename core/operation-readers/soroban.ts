// Readers of the smart-contract types. Horizon writes a contract call's parameters as base64
// ScVal XDR; the first is the contract's address and the second the function's name, decoded here
// with @stellar/stellar-base so a row can say which contract and function were called.
import { Address, xdr } from '@stellar/stellar-base';
import type { AssetBalanceChange, Operation } from '../../shared/model';
import { amountOf, int, NormalizeError, obj, text, type JsonObject } from '../values';
import { defined, needCurrency, type Common } from './fields';

export function readInvokeHostFunction(r: JsonObject, c: Common): Operation {
  const parameters = Array.isArray(r['parameters'])
    ? r['parameters'].map((item) => {
        const p = obj(item) ?? {};
        return { type: text(p['type']) ?? '', value: text(p['value']) ?? '' };
      })
    : [];
  const hostFunction = text(r['function']) ?? '';
  const call = /InvokeContract$/.test(hostFunction) ? contractCall(parameters) : {};
  return {
    ...c,
    type: 'invoke_host_function',
    hostFunction,
    ...call,
    parameters,
    ...defined({ address: text(r['address']) || undefined, salt: text(r['salt']) || undefined }),
    assetBalanceChanges: balanceChanges(r['asset_balance_changes']),
  };
}

/** Contract and function of a contract call; nothing when the parameters do not decode. */
function contractCall(parameters: { type: string; value: string }[]): { contract?: string; functionName?: string } {
  const out: { contract?: string; functionName?: string } = {};
  try {
    const [address, name] = parameters;
    if (address?.type === 'Address')
      out.contract = Address.fromScVal(xdr.ScVal.fromXDR(address.value, 'base64')).toString();
    if (name?.type === 'Sym') out.functionName = xdr.ScVal.fromXDR(name.value, 'base64').sym().toString();
  } catch {
    // A parameter that is not the XDR it says it is: the parameters are still shown as written.
  }
  return out;
}

function balanceChanges(value: unknown): AssetBalanceChange[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const change = obj(item);
    if (!change) throw new NormalizeError('an asset balance change is not an object');
    return {
      currency: needCurrency(change),
      kind: text(change['type']) ?? '',
      amount: amountOf(change, 'amount'),
      ...defined({
        from: text(change['from']),
        to: text(change['to']),
        destinationMuxedId: text(change['destination_muxed_id']),
      }),
    };
  });
}

export function readExtendFootprintTtl(r: JsonObject, c: Common): Operation {
  const extendTo = int(r['extend_to']);
  if (extendTo === undefined || extendTo < 0) throw new NormalizeError('extend_to is missing');
  return { ...c, type: 'extend_footprint_ttl', extendTo };
}
