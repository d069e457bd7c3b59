// The network's own conventions as the core reads them (issue 40): what an account's or an asset
// issuer's home domain says in its stellar.toml (SEP-1), spread into the one channel map of
// shared/ipc.ts. Everything in a claim is the domain's own word, untrusted: the renderer shows it
// beside the user's labels (never in them), isolated, and marks it verified only when `verified`.
import { z } from 'zod';
import { request } from './ipc-values';
import { IdString } from './model';

const AssetCode = z.string().regex(/^[A-Za-z0-9]{1,12}$/);

/** What a domain claims about an account or an asset, read through the selected network. */
export const TomlClaim = z.object({
  /** The account whose home domain was read: the account itself, or the asset's issuer. */
  account: IdString,
  /** Its home domain; null when it sets none. */
  domain: z.string().max(253).nullable(),
  /** When the domain's toml (or its failure) was read, epoch ms; null when nothing was read. */
  fetchedAt: z.number().int().nonnegative().nullable(),
  /** DOCUMENTATION.ORG_NAME, as the domain writes it. */
  orgName: z.string().max(120).optional(),
  /** The currency's entry, only when the toml lists this exact code for this exact issuer. */
  currency: z
    .object({
      code: AssetCode,
      name: z.string().max(120).optional(),
      desc: z.string().max(1_000).optional(),
      /** The image's HTTPS URL; the renderer never loads it (only says where it is). */
      image: z.string().max(500).optional(),
    })
    .optional(),
  /** Asset: the toml lists this code for this issuer. Account: ACCOUNTS lists it, or a listed currency is its. */
  verified: z.boolean(),
  /** Why it is not verified (no home domain, the toml unreadable and why, not listed), as a sentence. */
  reason: z.string().max(600).optional(),
});
export type TomlClaim = z.infer<typeof TomlClaim>;

export const TomlSubject = z.union([
  z.object({ asset: z.object({ code: AssetCode, issuer: IdString }).strict() }).strict(),
  z.object({ account: IdString }).strict(),
]);

/** A federation address resolved (SEP-2): the account, and the memo a payment to it must carry. */
export const FederationAnswer = z.object({
  address: z.string().max(256),
  account: IdString,
  memo: z.object({ type: z.enum(['text', 'id', 'hash']), value: z.string().max(64) }).optional(),
});
export type FederationAnswer = z.infer<typeof FederationAnswer>;

export const conventionsChannels = {
  /** `name*domain` resolved through the domain's FEDERATION_SERVER on the selected network (SEP-2). */
  'conventions:federation': request(z.object({ address: z.string().min(3).max(256) }).strict(), FederationAnswer),
  /**
   * The stellar.toml claim of an asset (its issuer's home domain) or an account: read through a
   * cache of the selected network (each reading's age in `fetchedAt`); `refresh` reads it again.
   */
  'conventions:toml': request(
    z.object({ subject: TomlSubject, refresh: z.boolean().default(false) }).strict(),
    TomlClaim,
  ),
} as const;
