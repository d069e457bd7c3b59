// `ledgerscope merge <file>… [--add-signature G…:BASE64]… [--output F] [--format base64|hex|sep7]`:
// its flags checked here, each mistake one line (UsageError), never echoing what looks secret.
import { StrKey } from '@stellar/stellar-base';
import type { DetachedSignature, ExportFormat } from '../shared/signatures';
import { UsageError } from './usage-error';

export interface MergeCommand {
  kind: 'merge';
  sources: string[];
  detached: DetachedSignature[];
  output?: string | undefined;
  format: ExportFormat;
}

const FORMATS: readonly ExportFormat[] = ['base64', 'hex', 'sep7'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** `G…:BASE64`: a public key and a 64-byte signature made with its secret key elsewhere. */
export function parseDetached(value: string): DetachedSignature {
  const colon = value.indexOf(':');
  if (colon < 0) throw new UsageError('--add-signature must be PUBLIC_KEY:BASE64_SIGNATURE (G…:…)');
  const publicKey = value.slice(0, colon);
  const signature = value.slice(colon + 1);
  if (!StrKey.isValidEd25519PublicKey(publicKey))
    throw new UsageError('--add-signature: the part before ":" must be a G… public key');
  if (!BASE64.test(signature) || Buffer.from(signature, 'base64').length !== 64)
    throw new UsageError('--add-signature: the part after ":" must be a 64-byte signature in base64');
  return { publicKey, signature };
}

export function parseMerge({
  values,
  positionals,
}: {
  values: Record<string, unknown>;
  positionals: string[];
}): MergeCommand {
  if (positionals.length === 0) throw new UsageError('merge: give one or more envelope files');
  if (positionals.length > 20) throw new UsageError('merge: at most 20 envelope files');
  const added = (values['add-signature'] as string[] | undefined) ?? [];
  if (added.length > 20) throw new UsageError('merge: at most 20 --add-signature');
  const format = values['format'] as string | undefined;
  if (format !== undefined && !FORMATS.includes(format as ExportFormat))
    throw new UsageError(`--format must be base64, hex or sep7, not "${format.slice(0, 20)}"`);
  const output = values['output'] as string | undefined;
  if (output === '') throw new UsageError('--output must name a file');
  return {
    kind: 'merge',
    sources: positionals,
    detached: added.map(parseDetached),
    output,
    format: (format as ExportFormat | undefined) ?? 'base64',
  };
}
