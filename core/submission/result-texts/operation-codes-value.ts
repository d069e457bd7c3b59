// Operation result codes Horizon shares between operation types (op_underfunded answers payments,
// offers and pools alike), so each text fits every type that can answer it: the codes of the
// operation as a whole, and those of operations that move value (payments, paths, offers).
import type { Entry } from './entry';

export const VALUE_CODES: Record<string, Entry> = {
  op_inner: ['Operation ran', 'The operation was evaluated; its own code says how.', 'See the operation code.'],
  op_success: ['Succeeded', 'The operation was applied.', 'Nothing to do.'],
  op_bad_auth: [
    'Missing signature',
    "The operation's source account did not sign with enough weight.",
    "Add a signature of the operation's source account (or enough of its signers) and submit again.",
  ],
  op_no_source_account: [
    'Source account missing',
    "The operation's source account does not exist on this network.",
    'Fund the account first, or change the operation source.',
  ],
  op_not_supported: [
    'Operation not supported',
    'This network does not support this operation type (the local network supports payment, create_account, change_trust, claimable balances, liquidity pool deposit/withdraw, manage_data, account_merge, bump_sequence and set_options).',
    'Use a supported operation, or submit to a network that supports it.',
  ],
  op_too_many_subentries: [
    'Too many subentries',
    'The account already has the maximum number of subentries (trustlines, offers, signers, data).',
    'Remove unused trustlines, offers, signers or data entries first.',
  ],
  op_exceeded_work_limit: [
    'Too much work',
    'The operation needed more work than the network allows (for example crossing too many offers).',
    'Split it into smaller operations.',
  ],
  op_too_many_sponsoring: [
    'Sponsoring too much',
    'The sponsor already sponsors the maximum number of entries.',
    'Use another sponsor or release some sponsorships.',
  ],
  op_malformed: [
    'Malformed operation',
    'The operation is invalid as written: a non-positive amount or price, an invalid currency, a destination equal to the source, or bad parameters.',
    'Check the amounts, currencies and accounts of the operation and sign again.',
  ],
  op_underfunded: [
    'Not enough funds',
    'The source does not hold enough of the currency it sends, sells, deposits or claws back, above its reserve and selling liabilities.',
    'Use a smaller amount, or fund the account first.',
  ],
  op_low_reserve: [
    'Not enough reserve',
    'The operation creates an entry (account, trustline, offer, signer, data, balance) and the paying account cannot cover the higher minimum reserve.',
    'Fund the account (or its sponsor) with enough lumens for the new reserve.',
  ],
  op_line_full: [
    'Trustline limit reached',
    "The receiving account's balance would go above its trustline limit.",
    'Send or receive less, or raise the trustline limit first.',
  ],
  op_no_issuer: [
    'Issuer missing or wrong',
    'The issuer of the currency does not exist, or the account is not the issuer of the claimable balance it claws back.',
    'Check the currency issuer (and that the source is the issuer).',
  ],
  op_no_trust: [
    'No trustline',
    'An account involved (the receiver, the trustor or the depositor) has no trustline for the currency.',
    'Add a trustline for the currency (change_trust) first.',
  ],
  op_not_authorized: [
    'Not authorised',
    "The currency's issuer has not authorised the account involved to hold it.",
    'Ask the issuer to authorise the account.',
  ],
  op_does_not_exist: [
    'Entry does not exist',
    'The claimable balance or sponsored entry named by the operation does not exist (already claimed, removed, or a wrong id).',
    'Check the id of the entry.',
  ],
  op_already_exists: [
    'Account exists already',
    'The destination account exists already.',
    'Send a payment instead of create_account.',
  ],
  op_src_no_trust: [
    'Sender has no trustline',
    'The sender has no trustline for the currency it sends.',
    'Add a trustline for the currency to the sender (change_trust), then pay.',
  ],
  op_src_not_authorized: [
    'Sender not authorised',
    'The issuer has not authorised the sender to hold the currency it sends.',
    'Ask the issuer to authorise the sender.',
  ],
  op_no_destination: [
    'Receiver does not exist',
    'The receiving account does not exist on this network.',
    'Use create_account to fund a new account instead of a payment.',
  ],
  op_too_few_offers: [
    'No path with enough offers',
    'The order books (and pools) along the path do not hold enough offers to convert the amount.',
    'Find a path again (strict-send or strict-receive paths), send less, or try another path.',
  ],
  op_cross_self: [
    'Would cross own offer',
    'The operation would trade against an offer of the same account.',
    'Cancel or change your own offer first, or use another price.',
  ],
  op_over_source_max: [
    'Costs more than the maximum',
    'Delivering the exact amount would cost the sender more than the given send maximum.',
    'Raise the send maximum or receive less, after finding a new path.',
  ],
  op_under_dest_min: [
    'Delivers less than the minimum',
    'Sending the exact amount would deliver less than the given destination minimum.',
    'Lower the destination minimum or send more, after finding a new path.',
  ],
  op_sell_no_trust: [
    'No trustline for the selling currency',
    'The account has no trustline for the currency it sells.',
    'Add a trustline for the selling currency first.',
  ],
  op_buy_no_trust: [
    'No trustline for the buying currency',
    'The account has no trustline for the currency it buys.',
    'Add a trustline for the buying currency first.',
  ],
  sell_not_authorized: [
    'Not authorised to sell',
    'The issuer has not authorised the account to hold the currency it sells.',
    'Ask the issuer of the selling currency to authorise the account.',
  ],
  buy_not_authorized: [
    'Not authorised to buy',
    'The issuer has not authorised the account to hold the currency it buys.',
    'Ask the issuer of the buying currency to authorise the account.',
  ],
  op_sell_no_issuer: [
    'Selling issuer missing',
    'The issuer of the selling currency does not exist.',
    'Check the selling currency issuer.',
  ],
  buy_no_issuer: [
    'Buying issuer missing',
    'The issuer of the buying currency does not exist.',
    'Check the buying currency issuer.',
  ],
  op_offer_not_found: [
    'Offer not found',
    'The offer id to change or delete is not an offer of this account.',
    "List the account's offers and use one of their ids (0 creates a new offer).",
  ],
};
