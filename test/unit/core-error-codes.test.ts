// The contract's error codes (IpcErrorCode in shared/ipc.ts) are exactly the codes the source
// produces: every code a CoreError, an HttpError, a host's reply or the HTTP status table gives
// is listed, and every listed code is produced somewhere, so the list cannot drift either way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcErrorCode, IpcErrorShape } from '../../shared/ipc';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => ({ path: `${dir}/${name}`, text: readFileSync(join(root, dir, name), 'utf8') }));
}

const CODE = /'([a-z_]+)'/g;

/** Every place a code is produced, each with the code-position text it takes literals from. */
const PRODUCERS: RegExp[] = [
  // new CoreError('x', …) / new HttpError(status === 429 ? 'a' : 'b', …): the first argument
  /new (?:CoreError|HttpError)\(([^,]*),/g,
  // reply envelopes written by hand: { code: 'x', message }
  /\bcode: ('[a-z_]+')/g,
  // preload-api's failure('x', …)
  /\bfailure\(\s*('[a-z_]+')/g,
  // http-problem.ts: the problem-document table (status: 'code') and the code for any other status
  /^\s+\d{3}: ('[a-z_]+'),$/gm,
  /PROBLEM_CODES\[[^\]]+\] \?\? ('[a-z_]+')/g,
];

/**
 * Files whose `code:` fields are another contract's codes, not IPC error codes: the reasons a
 * submission is held back (READINESS_CODES in shared/signatures.ts, checked by its zod enum).
 */
const OTHER_CODE_LISTS = new Set(['core/signatures/readiness.ts']);

function producedCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { path, text } of [...sources('core'), ...sources('electron'), ...sources('cli')]) {
    if (OTHER_CODE_LISTS.has(path)) continue;
    for (const producer of PRODUCERS) {
      for (const match of text.matchAll(producer)) {
        for (const [, code] of match[1]!.matchAll(CODE)) found.set(code!, [...(found.get(code!) ?? []), path]);
      }
    }
  }
  return found;
}

describe('IPC error codes', () => {
  const produced = producedCodes();

  it('finds the producers it looks for (the scan itself works)', () => {
    expect(produced.get('secret_key_refused')).toContain('core/app/secrets.ts');
    expect(produced.get('server_error')).toContain('core/submission/submit-answer.ts');
    expect(produced.get('http_error')).toEqual([
      'core/conventions/stellar-toml.ts',
      'core/http/http-problem.ts',
      'core/sources/rpc/json-rpc.ts',
    ]);
    expect(produced.get('forbidden')).toContain('electron/ipc/register.ts');
    expect(produced.get('host_unreachable')).toContain('electron/preload-api.ts');
  });

  it('lists exactly the codes the source produces', () => {
    expect([...produced.keys()].sort()).toEqual([...IpcErrorCode.options].sort());
  });

  it('lists each code once', () => {
    expect(new Set(IpcErrorCode.options).size).toBe(IpcErrorCode.options.length);
  });

  it('refuses a reply whose code is not listed', () => {
    expect(IpcErrorShape.safeParse({ code: 'not_found', message: 'x' }).success).toBe(true);
    expect(IpcErrorShape.safeParse({ code: 'nope', message: 'x' }).success).toBe(false);
    expect(IpcErrorShape.safeParse({ code: 'http_error', message: 'x', status: 418 }).success).toBe(true);
  });
});
