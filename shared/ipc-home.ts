// The address book's and the explore home's channels, spread into the one channel map of
// shared/ipc.ts.
import { z } from 'zod';
import { DemoAccount, LedgerSummary } from './home-model';
import { none, request } from './ipc-values';
import { LabelAccount, LabelEntry, LabelText, ListedLabel, MAX_IMPORT_CHARS } from './labels';
import { Operation } from './model';

export const homeChannels = {
  // -- address book (names for accounts; <userData>/labels.json) --------------------------------
  /** The user's labels, and the selected network's own names (origin 'network') unless removed. */
  'labels:list': request(none, z.object({ labels: z.array(ListedLabel) })),
  'labels:set': request(z.object({ account: LabelAccount, label: LabelText }).strict(), LabelEntry),
  /** Removes the user's label, else hides the selected network's own name for good. */
  'labels:remove': request(z.object({ account: LabelAccount }).strict(), z.object({ removed: z.boolean() })),
  /** Merges a JSON or CSV file's text, each label to the network it names, else the selected one; checked whole first, so a bad file changes nothing. */
  'labels:import': request(
    z.object({ text: z.string().max(MAX_IMPORT_CHARS, 'the file is over 2 MB') }).strict(),
    z.object({
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      total: z.number().int(),
      /** How many of the file's labels are for networks other than the selected one (stored there). */
      elsewhere: z.number().int(),
    }),
  ),
  'labels:export': request(
    z.object({ format: z.enum(['json', 'csv']) }).strict(),
    z.object({ text: z.string(), format: z.enum(['json', 'csv']), count: z.number().int() }),
  ),

  // -- the explore home ---------------------------------------------------------------------
  /** The latest ledgers, newest first (closed ledgers are cached in the core; poll this). */
  'home:ledgers': request(
    z.object({ limit: z.number().int().min(1).max(20).default(8) }).strict(),
    z.object({ latest: z.number().int().nullable(), ledgers: z.array(LedgerSummary) }),
  ),
  /** The latest operations (with failed ones) of the latest ledgers, newest first. */
  'home:activity': request(
    z.object({ limit: z.number().int().min(1).max(50).default(12) }).strict(),
    z.object({ operations: z.array(Operation) }),
  ),
  /** The local network's demo accounts by name; empty on other networks. Never a secret key. */
  'home:demo-accounts': request(none, z.object({ accounts: z.array(DemoAccount) })),
  /** The ledger before one, or with skipEmpty the nearest earlier one with operations (null: none nearby). */
  'ledger:previous': request(
    z.object({ sequence: z.number().int().min(1).max(4_294_967_295), skipEmpty: z.boolean().default(false) }).strict(),
    z.object({ sequence: z.number().int().nullable(), skipped: z.number().int() }),
  ),
} as const;

export const homeEvents = {
  /** The address book changed (set, remove, import): every page reloads its labels. */
  'labels:changed': z.object({ count: z.number().int().nonnegative() }),
  /** A ledger of the selected network as it closes (after the first `home:ledgers`; core/streams/ledger-stream.ts). */
  'ledger:closed': z.object({ networkId: z.string(), ledger: LedgerSummary }),
} as const;
