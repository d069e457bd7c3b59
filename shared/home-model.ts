// What the explore home shows beside the domain model (shared/model.ts): ledger summaries and the
// local network's demo accounts.
import { z } from 'zod';
import { IdString, Ledger } from './model';

/** A ledger as the home page lists it. */
export const LedgerSummary = Ledger.omit({ raw: true, hash: true });
export type LedgerSummary = z.infer<typeof LedgerSummary>;

/** A demo account of the local network: its name and public id (its secret stays in the network's file). */
export const DemoAccount = z.object({ name: z.string().max(64), account: IdString, multisig: z.boolean() }).strict();
export type DemoAccount = z.infer<typeof DemoAccount>;
