// Any XDR blob to its JSON tree, its type given or guessed.
import type { CoreContext, DomainHandlers } from '../app/context';
import { CoreError } from '../app/errors';
import { decodeXdrJson, guessXdrTypes } from '../submission/xdr';

export function xdrHandlers(_ctx: CoreContext): DomainHandlers<'xdr:decode'> {
  return {
    'xdr:decode': async function xdrDecode({ type, xdr }) {
      const candidates = guessXdrTypes(xdr);
      const chosen = type ?? candidates[0];
      if (!chosen) throw new CoreError('invalid_input', 'These bytes do not decode as any XDR type.');
      return { type: chosen, json: decodeXdrJson(chosen, xdr), candidates: candidates.slice(0, 20) };
    },
  };
}
