// The merged envelope in the forms it leaves the app in: base64 XDR (what Horizon's
// POST /transactions takes), hex, or a SEP-7 `web+stellar:tx?xdr=…` URI for a wallet, which
// must name the network passphrase unless it is the public network's (SEP-0007).
import type { ExportFormat } from '../../shared/signatures';
import { PUBLIC_PASSPHRASE } from '../networks/networks';

/** SEP-7 URI of an envelope; `passphrase` is omitted for the public network, as SEP-7 says. */
export function sep7Uri(base64: string, passphrase: string): string {
  const params = [`xdr=${encodeURIComponent(base64)}`];
  if (passphrase !== PUBLIC_PASSPHRASE) params.push(`network_passphrase=${encodeURIComponent(passphrase)}`);
  return `web+stellar:tx?${params.join('&')}`;
}

export function encodeEnvelope(base64: string, format: ExportFormat, passphrase: string): string {
  if (format === 'hex') return Buffer.from(base64, 'base64').toString('hex');
  if (format === 'sep7') return sep7Uri(base64, passphrase);
  return base64;
}

/** A file name for an exported envelope: its hash, and the format's extension. */
export function exportFileName(hash: string, format: ExportFormat): string {
  return `transaction-${hash.slice(0, 16)}.${format === 'sep7' ? 'txt' : format === 'hex' ? 'hex.txt' : 'xdr'}`;
}
