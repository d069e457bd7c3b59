// One line a person can read for every operation type: "pay 912.0450031 USDX from GBNAQ4…X7LCH4 to
// GDJNW2…T6HTMX"; for one of a failed transaction, what it tried: "tried to send at most
// 100.0000000 XLM for 75.0000000 USDX to GDUVY4…UFOEQQ; nothing moved". Used by the detail drawer, the table's plain-text cells, exports and the command
// line. Amounts read as shared/amount.ts displayAmount writes them (exact, grouped, seven
// decimals); an account is named by `nameOf` (the address book) when it knows one, else every id
// is shortened by shared/ids.ts abbreviateId, the one rule of the whole app. A name is untrusted
// text: show the sentence through Untrusted (page) or showHidden (plain text).
import { displayAmount, displayLimit } from './amount';
import { abbreviateId, looksLikeId } from './ids';
import { contractCallText } from './contract-call';
import { transfersOf } from './moves';
import type { Currency, CurrencyAmount, Operation, OperationOf } from './model';

/** An account's name, if the caller knows one (the address book). */
export type NameOf = (account: string) => string | undefined;
type Short = (id: string) => string;

/**
 * How a sentence writes an id: the account's name (quoted when it looks like an id), else
 * abbreviated; with `whole` (the command line's --wide), written out in full.
 */
export function shortener(nameOf: NameOf | undefined, whole = false): Short {
  const unnamed = whole ? (id: string) => id : abbreviateId;
  if (!nameOf) return unnamed;
  return (id) => {
    const name = nameOf(id);
    return name === undefined ? unnamed(id) : looksLikeId(name) ? `“${name}”` : name;
  };
}
/** What a row says where the record (and what the source could read beside it) does not carry an amount. */
export const AMOUNT_UNKNOWN = 'amount unknown';
/** An amount that is zero ("0", "0.0000000"): an offer it deletes, a trust line it removes. */
export const isZero = (amount: string): boolean => /^0(\.0*)?$/.test(amount);
const money = (amount: string, currency?: Currency) => `${displayAmount(amount)} ${currency?.code ?? 'XLM'}`;
const list = (items: CurrencyAmount[]) =>
  items.map((item) => money(item.amount, item.currency)).join(' + ') || 'nothing';
const flags = (set?: string[], clear?: string[]) =>
  [set?.length ? `set ${set.join(', ')}` : '', clear?.length ? `clear ${clear.join(', ')}` : '']
    .filter(Boolean)
    .join('; ') || 'no flag change';

/**
 * What the operation did; for an operation of a failed transaction, what it tried and that nothing
 * moved (its record's zero results are never read as amounts moved).
 */
export function operationSummary(op: Operation, nameOf?: NameOf, whole = false): string {
  const short = shortener(nameOf, whole);
  return op.successful ? doneSummary(op, short) : failedSummary(op, short);
}

/** A failed operation: what it asked, the bounds its sender set in place of the results it never had. */
function failedSummary(op: Operation, short: Short): string {
  switch (op.type) {
    case 'payment':
      return `tried to pay ${money(op.amount, op.currency)} from ${short(op.from)} to ${short(op.to)}; nothing moved`;
    case 'path_payment_strict_receive': {
      const sent =
        op.sourceMax === undefined ? op.sourceCurrency.code : `at most ${money(op.sourceMax, op.sourceCurrency)}`;
      return `tried to send ${sent} for ${money(op.amount, op.currency)} to ${short(op.to)}; nothing moved`;
    }
    case 'path_payment_strict_send': {
      const got =
        op.destinationMin === undefined ? op.currency.code : `at least ${money(op.destinationMin, op.currency)}`;
      return `tried to send ${money(op.sourceAmount, op.sourceCurrency)} for ${got} to ${short(op.to)}; nothing moved`;
    }
    case 'liquidity_pool_deposit':
      return `tried to deposit at most ${list(op.reservesMax)} into pool ${short(op.liquidityPoolId)}; nothing moved`;
    case 'liquidity_pool_withdraw':
      return `tried to withdraw ${displayAmount(op.shares)} shares from pool ${short(op.liquidityPoolId)} for at least ${list(op.reservesMin)}; nothing moved`;
    default:
      return `tried: ${doneSummary(op, short)}; ${transfersOf(op).length ? 'nothing moved' : 'nothing changed'}`;
  }
}

function doneSummary(op: Operation, short: Short): string {
  switch (op.type) {
    case 'payment':
      return `pay ${money(op.amount, op.currency)} from ${short(op.from)} to ${short(op.to)}`;
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return `${short(op.from)} sent ${money(op.sourceAmount, op.sourceCurrency)}, ${short(op.to)} received ${money(op.amount, op.currency)}${op.path.length ? ` via ${op.path.map((c) => c.code).join(' → ')}` : ''}`;
    case 'create_account':
      return `create ${short(op.account)} with ${money(op.startingBalance)} from ${short(op.funder)}`;
    case 'account_merge':
      return `merge ${short(op.account)} into ${short(op.into)} (${op.amount ? money(op.amount) : AMOUNT_UNKNOWN})`;
    case 'manage_sell_offer':
    case 'manage_buy_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return offerSummary(op);
    default:
      return assetSummary(op, short) ?? contractSummary(op, short) ?? otherSummary(op, short);
  }
}

function offerSummary(
  op: OperationOf<'manage_sell_offer' | 'manage_buy_offer' | 'manage_offer' | 'create_passive_sell_offer'>,
): string {
  const pair = `${op.selling.code}/${op.buying.code}`;
  if (op.type === 'create_passive_sell_offer')
    return `passive offer: sell ${money(op.amount, op.selling)} for ${op.buying.code} at ${op.price} (${pair})`;
  const id = op.offerId && op.offerId !== '0' ? ` #${op.offerId}` : '';
  const side = op.type === 'manage_buy_offer' ? 'buy' : 'sell';
  // An amount of 0 deletes the offer (the ledger's rule: manage offer with amount 0 removes it).
  if (isZero(op.amount)) return `delete ${side} offer${id} (${pair})`;
  const verb = id ? 'change' : 'new';
  if (op.type === 'manage_buy_offer')
    return `${verb} buy offer${id}: buy ${money(op.amount, op.buying)} with ${op.selling.code} at ${op.price} (${pair})`;
  return `${verb} sell offer${id}: sell ${money(op.amount, op.selling)} for ${op.buying.code} at ${op.price} (${pair})`;
}

function assetSummary(op: Operation, short: Short): string | undefined {
  switch (op.type) {
    case 'change_trust':
      if (isZero(op.limit))
        return `${short(op.trustor)} removes its ${op.liquidityPoolId ? `pool ${short(op.liquidityPoolId)}` : (op.currency?.code ?? '?')} trust line`;
      return `${short(op.trustor)} trusts ${op.liquidityPoolId ? `pool ${short(op.liquidityPoolId)}` : (op.currency?.code ?? '?')} up to ${displayLimit(op.limit)}`;
    case 'allow_trust':
      return `${short(op.trustee)} ${op.authorize ? 'authorises' : op.authorizeToMaintainLiabilities ? 'limits to liabilities' : 'deauthorises'} ${short(op.trustor)} for ${op.currency.code}`;
    case 'set_trust_line_flags':
      return `trustline of ${short(op.trustor)} for ${op.currency.code}: ${flags(op.setFlags, op.clearFlags)}`;
    case 'clawback':
      return `claw back ${money(op.amount, op.currency)} from ${short(op.from)}`;
    case 'clawback_claimable_balance':
      return `claw back claimable balance ${short(op.balanceId)}`;
    case 'create_claimable_balance':
      return `claimable balance of ${money(op.amount, op.currency)} for ${op.claimants.map((c) => short(c.destination)).join(', ') || 'no one'}`;
    case 'claim_claimable_balance':
      return `${short(op.claimant)} claims ${short(op.balanceId)} (${op.amount && op.currency ? money(op.amount, op.currency) : AMOUNT_UNKNOWN})`;
    case 'liquidity_pool_deposit':
      return `deposit ${list(op.reservesDeposited)} into pool ${short(op.liquidityPoolId)} for ${displayAmount(op.sharesReceived)} shares`;
    case 'liquidity_pool_withdraw':
      return `withdraw ${displayAmount(op.shares)} shares from pool ${short(op.liquidityPoolId)} for ${list(op.reservesReceived)}`;
    case 'begin_sponsoring_future_reserves':
      return `${short(op.sourceAccount)} begins sponsoring the reserves of ${short(op.sponsoredId)}`;
    case 'end_sponsoring_future_reserves':
      return `${short(op.sourceAccount)} ends the sponsorship begun by ${short(op.beginSponsor)}`;
    case 'revoke_sponsorship':
      return `revoke sponsorship of ${revokedEntry(op, short)}`;
    default:
      return undefined;
  }
}

function revokedEntry(op: OperationOf<'revoke_sponsorship'>, short: Short): string {
  if (op.signerAccountId) return `signer ${short(op.signerKey ?? '?')} of ${short(op.signerAccountId)}`;
  if (op.trustlineAccountId)
    return `the ${op.trustlineAsset?.code ?? `pool ${short(op.trustlineLiquidityPoolId ?? '?')}`} trustline of ${short(op.trustlineAccountId)}`;
  if (op.dataAccountId) return `data "${op.dataName ?? ''}" of ${short(op.dataAccountId)}`;
  if (op.offerId) return `offer #${op.offerId}`;
  if (op.claimableBalanceId) return `claimable balance ${short(op.claimableBalanceId)}`;
  if (op.accountId) return `account ${short(op.accountId)}`;
  return 'an entry';
}

function contractSummary(op: Operation, short: Short): string | undefined {
  switch (op.type) {
    case 'invoke_host_function': {
      const moved = op.assetBalanceChanges
        .map(
          (c) =>
            `${c.kind} ${money(c.amount, c.currency)}${c.from ? ` from ${short(c.from)}` : ''}${c.to ? ` to ${short(c.to)}` : ''}`,
        )
        .join(', ');
      const what = op.contract
        ? `call ${contractCallText(op, { id: short, max: 240 }) ?? '?'} on ${short(op.contract)}`
        : hostFunctionName(op.hostFunction);
      return moved ? `${what}: ${moved}` : what;
    }
    case 'extend_footprint_ttl':
      return `extend the footprint's time to live to ledger ${op.extendTo}`;
    case 'restore_footprint':
      return "restore the footprint's archived entries";
    default:
      return undefined;
  }
}

function otherSummary(op: Operation, short: Short): string {
  switch (op.type) {
    case 'manage_data':
      return op.value === null ? `delete data "${op.name}"` : `set data "${op.name}"`;
    case 'bump_sequence':
      return `bump the sequence of ${short(op.sourceAccount)} to ${op.bumpTo}`;
    case 'set_options':
      return `set options of ${short(op.sourceAccount)}: ${setOptionsParts(op, short)}`;
    case 'inflation':
      return 'run inflation';
    case 'other':
      return `${op.typeName}: ${
        Object.keys(op.fields)
          .filter((k) => k !== '_links')
          .join(', ') || 'no fields'
      }`;
    default:
      return op.type;
  }
}

function setOptionsParts(op: OperationOf<'set_options'>, short: Short): string {
  const parts: string[] = [];
  if (op.homeDomain !== undefined) parts.push(`home domain ${op.homeDomain || '(cleared)'}`);
  if (op.inflationDest) parts.push(`inflation to ${short(op.inflationDest)}`);
  if (op.signerKey) parts.push(`signer ${short(op.signerKey)} weight ${op.signerWeight ?? 0}`);
  if (op.masterKeyWeight !== undefined) parts.push(`master weight ${op.masterKeyWeight}`);
  if (op.lowThreshold !== undefined || op.medThreshold !== undefined || op.highThreshold !== undefined) {
    parts.push(`thresholds ${[op.lowThreshold, op.medThreshold, op.highThreshold].map((t) => t ?? '-').join('/')}`);
  }
  if (op.setFlags?.length || op.clearFlags?.length) parts.push(flags(op.setFlags, op.clearFlags));
  return parts.join('; ') || 'no change';
}

/**
 * A host function's kind as words: "invoke contract" for Horizon's
 * "HostFunctionTypeHostFunctionTypeInvokeContract" (its prefix written twice) or "…InvokeContract".
 */
export function hostFunctionName(hostFunction: string): string {
  return (
    hostFunction
      .replace(/^(HostFunctionType)+/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase() || 'host function'
  );
}
