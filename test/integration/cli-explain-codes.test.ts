// `ledgerscope explain` over every result code Horizon can return: the list is derived here from
// @stellar/stellar-base's XDR enums (xdr.TransactionResultCode, xdr.OperationResultCode and every
// xdr.*ResultCode of an operation type), each member mapped to Horizon's spelling; the command,
// spawned as a user runs it, must explain each one and answer no "Unknown code".
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { horizonSpelling } from '../../core/submission/result-codes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

function horizonCodes(): string[] {
  const enums = Object.entries(xdr as unknown as Record<string, { values?: () => { name: string }[] }>).filter(
    ([name, e]) => /ResultCode$/.test(name) && typeof e.values === 'function',
  );
  const members = enums.flatMap(([, e]) => e.values!().map((value) => value.name));
  return [...new Set(members.map((member) => horizonSpelling(member) ?? `unmapped:${member}`))].sort();
}

async function explain(codes: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [join(ROOT, 'bin', 'ledgerscope.mjs'), 'explain', ...codes], {
      cwd: ROOT,
      timeout: 60_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

describe("ledgerscope explain over Horizon's whole code list", () => {
  it('explains every transaction and operation code, with no "Unknown code"', async () => {
    const codes = horizonCodes();
    expect(codes.filter((code) => code.startsWith('unmapped:'))).toEqual([]);
    expect(codes).toEqual(
      expect.arrayContaining([
        'tx_no_source_account',
        'tx_bad_minseq_age_or_gap',
        'op_no_source_account',
        'op_too_few_offers',
        'op_over_source_max',
        'function_trapped',
        'buy_no_issuer',
      ]),
    );
    expect(codes.length).toBeGreaterThan(80);
    const { code, out } = await explain(codes);
    expect(out).not.toMatch(/Unknown code/);
    for (const c of codes) expect(out, c).toMatch(new RegExp(`^${c}: \\S`, 'm'));
    expect(code).toBe(0);
  });

  it('still answers an unknown code with "Unknown code" and a failing status (the assertion above can fail)', async () => {
    const { code, out } = await explain(['tx_from_the_future']);
    expect(out).toMatch(/tx_from_the_future: Unknown code/);
    expect(code).toBe(1);
  });
});
