// Readers of the types that trade one currency for another: path payments and offers.
import type { Operation, OperationOf } from '../../../../shared/model';
import { amountOf, digits, need, obj, optionalAmount, text, type JsonObject } from '../../../http/values';
import { currencyList, defined, needCurrency, type Common } from './fields';

type PathPaymentType = 'path_payment_strict_receive' | 'path_payment_strict_send';
type OfferType = 'manage_sell_offer' | 'manage_buy_offer' | 'manage_offer' | 'create_passive_sell_offer';

/** A path payment: `asset_*`/`amount` is what arrived, `source_asset_*`/`source_amount` what left. */
export function readPathPayment(type: PathPaymentType, r: JsonObject, c: Common): Operation {
  const base = {
    ...c,
    from: need(r, 'from'),
    to: need(r, 'to'),
    currency: needCurrency(r),
    amount: amountOf(r, 'amount'),
    sourceCurrency: needCurrency(r, 'source_'),
    sourceAmount: amountOf(r, 'source_amount'),
    path: currencyList(r['path']),
  };
  if (type === 'path_payment_strict_receive')
    return { ...base, type, ...defined({ sourceMax: optionalAmount(r, 'source_max') }) };
  return { ...base, type, ...defined({ destinationMin: optionalAmount(r, 'destination_min') }) };
}

export function readOffer(type: OfferType, r: JsonObject, c: Common): Operation {
  const ratio = obj(r['price_r']);
  const n = ratio ? digits(ratio['n']) : undefined;
  const d = ratio ? digits(ratio['d']) : undefined;
  const base = {
    ...c,
    selling: needCurrency(r, 'selling_'),
    buying: needCurrency(r, 'buying_'),
    amount: amountOf(r, 'amount'),
    price: amountOf(r, 'price'),
    ...(n && d ? { priceRatio: { n, d } } : {}),
  };
  if (type === 'create_passive_sell_offer') return { ...base, type };
  const offerId = digits(r['offer_id']) ?? text(r['offer_id']);
  return { ...base, type, ...(offerId !== undefined ? { offerId } : {}) } as OperationOf<typeof type>;
}
