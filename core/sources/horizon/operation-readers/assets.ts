// Readers of the issuer's and sponsor's types: trust authorisation, clawback, reserve
// sponsorship, and inflation (which has no fields of its own).
import type { Operation } from '../../../../shared/model';
import { amountOf, digits, need, text, type JsonObject } from '../../../http/values';
import { bool, defined, flagList, needCurrency, type Common } from './fields';
import { parseAssetString } from '../../../http/values';

export function readAllowTrust(r: JsonObject, c: Common): Operation {
  return {
    ...c,
    type: 'allow_trust',
    trustor: need(r, 'trustor'),
    trustee: need(r, 'trustee'),
    currency: needCurrency(r),
    authorize: bool(r['authorize']) ?? false,
    ...defined({ authorizeToMaintainLiabilities: bool(r['authorize_to_maintain_liabilities']) }),
  };
}

export function readSetTrustLineFlags(r: JsonObject, c: Common): Operation {
  return {
    ...c,
    type: 'set_trust_line_flags',
    trustor: need(r, 'trustor'),
    currency: needCurrency(r),
    ...defined({ setFlags: flagList(r, 'set_flags'), clearFlags: flagList(r, 'clear_flags') }),
  };
}

export function readClawback(r: JsonObject, c: Common): Operation {
  return { ...c, type: 'clawback', from: need(r, 'from'), currency: needCurrency(r), amount: amountOf(r, 'amount') };
}

export function readRevokeSponsorship(r: JsonObject, c: Common): Operation {
  const asset = text(r['trustline_asset']);
  return {
    ...c,
    type: 'revoke_sponsorship',
    ...defined({
      accountId: text(r['account_id']),
      claimableBalanceId: text(r['claimable_balance_id']),
      dataAccountId: text(r['data_account_id']),
      dataName: text(r['data_name']),
      offerId: digits(r['offer_id']),
      trustlineAccountId: text(r['trustline_account_id']),
      trustlineAsset: asset ? parseAssetString(asset) : undefined,
      trustlineLiquidityPoolId: text(r['trustline_liquidity_pool_id']),
      signerAccountId: text(r['signer_account_id']),
      signerKey: text(r['signer_key']),
    }),
  };
}

export function readSponsoring(
  type: 'begin_sponsoring_future_reserves' | 'end_sponsoring_future_reserves',
  r: JsonObject,
  c: Common,
): Operation {
  if (type === 'begin_sponsoring_future_reserves') return { ...c, type, sponsoredId: need(r, 'sponsored_id') };
  return { ...c, type, beginSponsor: need(r, 'begin_sponsor') };
}

export function readClawbackClaimableBalance(r: JsonObject, c: Common): Operation {
  return { ...c, type: 'clawback_claimable_balance', balanceId: need(r, 'balance_id') };
}
