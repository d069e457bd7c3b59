// Type-qualified texts (the snake case of the XDR member, payment_underfunded), for when the
// operation type is known, of operations that move value: paths, offers, clawbacks, payments,
// account creation. The shared Horizon codes (operation-codes-*.ts) read more exactly here.
import type { Entry } from './entry';

export const VALUE_INNER_CODES: Record<string, Entry> = {
  path_payment_strict_receive_underfunded: [
    'Not enough funds',
    'The sender does not hold enough of the source currency to pay for the amount to deliver.',
    'Receive less, or fund the sender first.',
  ],
  path_payment_strict_receive_no_trust: [
    'Receiver has no trustline',
    'The receiver does not trust the currency it would receive.',
    'Ask the receiver to add a trustline for the currency.',
  ],
  path_payment_strict_receive_line_full: [
    'Receiver limit reached',
    "The amount would take the receiver's balance above its trustline limit.",
    'Receive less, or ask the receiver to raise the limit.',
  ],
  path_payment_strict_send_underfunded: [
    'Not enough funds',
    'The sender does not hold the amount of the source currency it sends.',
    'Send less, or fund the sender first.',
  ],
  path_payment_strict_send_no_trust: [
    'Receiver has no trustline',
    'The receiver does not trust the currency it would receive.',
    'Ask the receiver to add a trustline for the currency.',
  ],
  path_payment_strict_send_line_full: [
    'Receiver limit reached',
    "The converted amount would take the receiver's balance above its trustline limit.",
    'Send less, or ask the receiver to raise the limit.',
  ],
  manage_sell_offer_underfunded: [
    'Not enough to sell',
    'The account does not hold the amount it offers to sell (above its reserve and other offers).',
    'Offer less, or fund the account.',
  ],
  manage_sell_offer_line_full: [
    'Buying limit reached',
    'What the offer would buy does not fit under the trustline limit of the buying currency.',
    'Raise the buying trustline limit or offer less.',
  ],
  manage_buy_offer_underfunded: [
    'Not enough to pay',
    'The account does not hold enough of the selling currency to pay for what it buys.',
    'Buy less, or fund the account.',
  ],
  manage_buy_offer_line_full: [
    'Buying limit reached',
    'The amount bought would go above the trustline limit of the buying currency.',
    'Raise the buying trustline limit or buy less.',
  ],
  clawback_underfunded: [
    'Holder has too little',
    'The holder does not have the amount to claw back.',
    'Claw back at most what the account holds.',
  ],
  clawback_no_trust: [
    'Holder has no trustline',
    'The account to claw back from has no trustline for the currency.',
    'Check the account and currency.',
  ],
  allow_trust_no_trust_line: [
    'Trustor has no trustline',
    'The account to authorise has no trustline for the currency.',
    'The trustor must add a trustline first.',
  ],
  set_trust_line_flags_no_trust_line: [
    'Trustor has no trustline',
    'The account whose trustline flags change has no trustline for the currency.',
    'The trustor must add a trustline first.',
  ],
  clawback_claimable_balance_not_issuer: [
    'Not the issuer',
    "Only the issuer of the balance's currency can claw it back.",
    "Submit from the issuer's account.",
  ],
  payment_success: ['Payment made', 'The amount moved from the sender to the receiver.', 'Nothing to do.'],
  payment_malformed: [
    'Malformed payment',
    'The amount is not positive or the currency is invalid.',
    'Use a positive amount and a valid currency code and issuer.',
  ],
  payment_underfunded: [
    'Not enough funds',
    'The sender does not hold enough of the currency above its reserve and liabilities.',
    'Send a smaller amount, or fund the sender first.',
  ],
  payment_src_no_trust: [
    'Sender has no trustline',
    'The sender has no trustline for this currency.',
    'Add a trustline for the currency to the sender (change_trust), then pay.',
  ],
  payment_src_not_authorized: [
    'Sender not authorised',
    'The issuer has not authorised the sender to hold this currency.',
    'Ask the issuer to authorise the sender.',
  ],
  payment_no_destination: [
    'Receiver does not exist',
    'The receiving account does not exist on this network.',
    'Use create_account to fund a new account instead of a payment.',
  ],
  payment_no_trust: [
    'Receiver has no trustline',
    'The receiver does not trust this currency.',
    'Ask the receiver to add a trustline for the currency.',
  ],
  payment_not_authorized: [
    'Receiver not authorised',
    'The issuer has not authorised the receiver to hold this currency.',
    'Ask the issuer to authorise the receiver.',
  ],
  payment_line_full: [
    'Receiver limit reached',
    "The payment would take the receiver's balance above its trustline limit.",
    'Send less, or ask the receiver to raise the trustline limit.',
  ],
  payment_no_issuer: ['Issuer missing', 'The issuer of the currency does not exist.', 'Check the currency issuer.'],
  create_account_success: ['Account created', 'The new account was funded.', 'Nothing to do.'],
  create_account_malformed: [
    'Malformed create_account',
    'The starting balance is not positive, or the destination is invalid or the source itself.',
    'Use a positive starting balance and another valid account id.',
  ],
  create_account_underfunded: [
    'Not enough funds',
    'The funder cannot pay the starting balance above its own reserve.',
    'Lower the starting balance or fund the funder.',
  ],
  create_account_low_reserve: [
    'Starting balance too low',
    'The starting balance is below the minimum reserve of a new account.',
    'Raise the starting balance to at least the base reserve (1 XLM on Stellar networks).',
  ],
  create_account_already_exist: [
    'Account exists already',
    'The destination account exists already.',
    'Send a payment instead of create_account.',
  ],
};
