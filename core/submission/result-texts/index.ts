// Every result code's text (explain.ts looks them up): transaction codes, the operation codes
// Horizon shares between types, and the type-qualified codes used when the operation type is known.
import { ACCOUNT_INNER_CODES } from './inner-codes-account';
import { VALUE_INNER_CODES } from './inner-codes-value';
import { ACCOUNT_CODES } from './operation-codes-account';
import { VALUE_CODES } from './operation-codes-value';

export type { Entry } from './entry';
export { TRANSACTION_CODES } from './transaction-codes';

/** Codes that stand for the operation as a whole, and the codes Horizon shares between types. */
export const OPERATION_CODES = { ...VALUE_CODES, ...ACCOUNT_CODES };

/** Type-qualified codes (payment_underfunded), for when the operation type is known. */
export const INNER_CODES = { ...VALUE_INNER_CODES, ...ACCOUNT_INNER_CODES };
