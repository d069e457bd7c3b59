// What a local history index walks on a Horizon-shaped server: an account's operations (failed ones
// too, each with its transaction), and beside them its transactions (the fees it paid) and its
// trades (its offers' fills), which a server may not serve (404: recorded as missing).
import type { IndexListings } from '../source';
import { newerOnServer } from './newer-records';

const accountListing = (name: string) => (account: string) => `/accounts/${account}/${name}`;

export const HORIZON_INDEX: IndexListings = {
  format: 'horizon',
  operations: {
    name: 'operations',
    path: accountListing('operations'),
    params: { join: 'transactions', include_failed: 'true' },
  },
  sides: {
    transactions: {
      name: 'transactions',
      path: accountListing('transactions'),
      params: { include_failed: 'true' },
      optional: true,
    },
    trades: { name: 'trades', path: accountListing('trades'), params: {}, optional: true },
  },
  newerThan: (http, account, newest, signal) => newerOnServer(http, HORIZON_INDEX, account, newest, signal),
};
