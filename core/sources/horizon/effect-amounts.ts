// Amounts Horizon leaves out of an operation record, read from the operation's effects when one
// operation is opened alone (the drawer, the operation view): a merge's (Horizon before 2.x wrote
// no `amount`: the `account_credited` effect of the account merged into says it) and a claim's
// (a claim record names the balance, not what it held: the `claimable_balance_claimed` effect
// says its asset and amount). One request of at most EFFECTS_LIMIT records; where the server has
// no effects (404), they do not say, or they cannot be read, the amount stays absent and every
// row says "amount unknown" (shared/operation-summary.ts AMOUNT_UNKNOWN). Listings are not read
// so: a request per row would multiply a page's cost by its length.
import type { Currency, Operation } from '../../../shared/model';
import type { HttpClient } from '../../http/http';
import { amountOf, obj, text, type JsonObject } from '../../http/values';
import { embeddedRecords } from './hal-records';

/** An operation has few effects (a merge three, a claim two or three): one page of this many holds them. */
export const EFFECTS_LIMIT = 50;

/** "native" or "CODE:ISSUER" (an effect's `asset`), or the effect's asset_* fields. */
function effectCurrency(effect: JsonObject): Currency | undefined {
  const asset = text(effect['asset']);
  if (asset === 'native' || text(effect['asset_type']) === 'native') return { code: 'XLM' };
  const [code, issuer] = (asset ?? `${text(effect['asset_code']) ?? ''}:${text(effect['asset_issuer']) ?? ''}`).split(
    ':',
  );
  return code && issuer ? { code, issuer } : undefined;
}

function missingAmount(op: Operation): boolean {
  if (!op.successful) return false;
  if (op.type === 'account_merge') return op.amount === undefined;
  if (op.type === 'claim_claimable_balance') return op.amount === undefined;
  return false;
}

/** The operation with the amount its effects say, where its record leaves it out; else as it is. */
export async function withEffectAmount(op: Operation, http: HttpClient, signal?: AbortSignal): Promise<Operation> {
  if (!missingAmount(op)) return op;
  let effects: JsonObject[];
  try {
    const { body } = await http.getJson(`/operations/${op.id}/effects?limit=${EFFECTS_LIMIT}`, { signal });
    effects = embeddedRecords(body)
      .map((record) => obj(record))
      .filter((e): e is JsonObject => e !== undefined);
  } catch (error) {
    // Opening the operation never fails for its effects: an abort is the caller's, anything else
    // (no such route, a 404, a body that is not a listing) leaves the amount unknown.
    if (signal?.aborted) throw error;
    return op;
  }
  try {
    return readFrom(op, effects) ?? op;
  } catch {
    // An effect whose amount is not an exact decimal: unknown, not guessed.
    return op;
  }
}

function readFrom(op: Operation, effects: JsonObject[]): Operation | undefined {
  if (op.type === 'account_merge') {
    const credited = effects.find(
      (e) =>
        text(e['type']) === 'account_credited' &&
        text(e['account']) === op.into &&
        effectCurrency(e)?.code === 'XLM' &&
        !effectCurrency(e)?.issuer,
    );
    return credited ? { ...op, amount: amountOf(credited, 'amount') } : undefined;
  }
  if (op.type === 'claim_claimable_balance') {
    const claimed = effects.find(
      (e) => text(e['type']) === 'claimable_balance_claimed' && text(e['balance_id']) === op.balanceId,
    );
    const currency = claimed ? effectCurrency(claimed) : undefined;
    return claimed && currency ? { ...op, currency, amount: amountOf(claimed, 'amount') } : undefined;
  }
  return undefined;
}
