// The network's own conventions (issue 40): what an account's or an asset issuer's home domain
// claims in its stellar.toml (SEP-1), read through the selected network's cache
// (CoreContext.tomlCache). The answer is the domain's claim with the sentence that says why it is
// not verified; nothing here writes the user's labels.
import { abbreviateId } from '../../shared/ids';
import type { TomlClaim } from '../../shared/ipc-conventions';
import type { Account } from '../../shared/model';
import type { CoreContext, DomainHandlers } from '../app/context';
import { CoreError } from '../app/errors';
import { currencyClaim, localConventionsOf } from '../conventions/stellar-toml';
import { resolveFederation } from '../conventions/federation';
import type { IpcErrorCode } from '../../shared/ipc-errors';
import { scopeId } from '../sources/scope-id';

export function conventionsHandlers(ctx: CoreContext): DomainHandlers<'conventions:toml' | 'conventions:federation'> {
  return {
    'conventions:federation': async function conventionsFederation({ address }, { signal }) {
      const local = localConventionsOf(ctx.networks.selected());
      const readToml = async (domain: string) => {
        const reading = await ctx.tomlCache().get(domain);
        if ('toml' in reading) return reading.toml;
        throw new CoreError(reading.code as IpcErrorCode, reading.problem);
      };
      return resolveFederation(address, readToml, { signal, ...(local && { local }) });
    },
    'conventions:toml': async function conventionsToml({ subject, refresh }, { signal }): Promise<TomlClaim> {
      const asset = 'asset' in subject ? subject.asset : undefined;
      const accountId = scopeId('account', asset ? asset.issuer : (subject as { account: string }).account);
      const who = asset ? `The issuer ${abbreviateId(accountId)}` : abbreviateId(accountId);
      let account: Account;
      try {
        account = await ctx.source().resource('account', accountId, signal);
      } catch (error) {
        if (error instanceof CoreError && error.code === 'not_found')
          return unverified(accountId, null, null, `${who} does not exist on this network; no domain speaks for it.`);
        throw error;
      }
      const domain = account.homeDomain;
      if (!domain)
        return unverified(accountId, null, null, `${who} sets no home domain, so no stellar.toml speaks for it.`);
      const reading = await ctx.tomlCache().get(domain, { refresh });
      if (!('toml' in reading)) return unverified(accountId, domain, reading.fetchedAt, reading.problem);
      const { toml } = reading;
      const base = {
        account: accountId,
        domain,
        fetchedAt: reading.fetchedAt,
        ...(toml.orgName === undefined ? {} : { orgName: toml.orgName }),
      };
      if (asset) {
        const claim = currencyClaim(toml, asset.code, accountId);
        if (!claim.verified) return { ...base, verified: false, reason: claim.reason };
        const { code, name, desc, image } = claim.currency;
        return {
          ...base,
          currency: { code, ...(name && { name }), ...(desc && { desc }), ...(image && { image }) },
          verified: true,
        };
      }
      const listed = toml.accounts.includes(accountId) || toml.currencies.some((c) => c.issuer === accountId);
      return listed
        ? { ...base, verified: true }
        : {
            ...base,
            verified: false,
            reason: `${toml.domain}'s stellar.toml does not list ${abbreviateId(accountId)} among its accounts or as the issuer of a currency.`,
          };
    },
  };
}

function unverified(account: string, domain: string | null, fetchedAt: number | null, reason: string): TomlClaim {
  return { account, domain, fetchedAt, verified: false, reason };
}
