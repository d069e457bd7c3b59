// The asset a `#/asset/<id>` address names: `native` (or `XLM`) or `CODE:ISSUER`. Reading is
// total: anything else (a bad code, an issuer whose checksum fails, a pasted novel) is a message,
// never a throw, so the asset view can say what is wrong with the address.
import type { Currency } from '../../../shared/model';
import { isAccountKey } from '../../../shared/strkey';

export type AssetId =
  | { ok: true; native: true; key: 'native'; code: 'XLM' }
  | { ok: true; native: false; key: string; code: string; issuer: string }
  | { ok: false; message: string };

const CODE = /^[A-Za-z0-9]{1,12}$/;
/** Longest valid id: a 12-character code, a colon and a 56-character key (69); a little slack
 * so that one character too many still gets the message about its code or issuer. */
const MAX_ID = 100;

/** The id shown in a message: cut short, so a hostile address cannot flood the page. */
function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function parseAssetId(text: string): AssetId {
  if (text === 'native' || text === 'XLM') return { ok: true, native: true, key: 'native', code: 'XLM' };
  if (text.length > MAX_ID)
    return {
      ok: false,
      message: `"${shown(text)}" is too long to be an asset (${text.length} characters; an asset is at most 69).`,
    };
  const [code = '', issuer, extra] = text.split(':');
  if (!CODE.test(code))
    return { ok: false, message: `"${shown(text)}" is not an asset: the code must be 1 to 12 letters or digits.` };
  if (issuer === undefined || issuer === '')
    return { ok: false, message: `"${shown(text)}" names no issuer: write the asset as CODE:G… (or "native").` };
  if (extra !== undefined || !isAccountKey(issuer)) {
    return {
      ok: false,
      message: `"${shown(text)}" is not an asset: the issuer is not a valid account id (G…, 56 characters, with a good checksum).`,
    };
  }
  return { ok: true, native: false, key: `${code}:${issuer}`, code, issuer };
}

/** The address of an asset's view; undefined currency or no issuer is the native asset. */
export function assetHref(currency: Currency | undefined): string {
  return currency?.issuer ? `#/asset/${encodeURIComponent(currency.code)}:${currency.issuer}` : '#/asset/native';
}

/** Whether a balance's currency is this asset. */
export function isAsset(asset: Extract<AssetId, { ok: true }>, currency: Currency | undefined): boolean {
  if (asset.native)
    return !currency?.issuer && (currency === undefined || currency.code === 'XLM' || currency.code === 'native');
  return currency?.code === asset.code && currency.issuer === asset.issuer;
}
