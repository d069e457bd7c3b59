// Conformance with real Horizon: every record of a folder of real Horizon captures, named by
// LEDGERSCOPE_HORIZON_REAL (kept outside the repository, never in a clone), is read
// through the app's normaliser, resource readers, HTTP problem reader and submission interpreter,
// and must come out without loss. Without the variable, or where its folder is absent, this says
// so in one line and skips. The same reader
// runs over the project's own fixtures in every clone, so it is itself tested everywhere.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, HttpError } from '../../core/http/http';
import { interpret } from '../../core/submission/submit-answer';
import { stringifyJson } from '../../shared/json';
import { MODELLED_TYPES } from '../../shared/model';
import { HORIZON_OPERATION_TYPES, readFolder, type Tally } from '../support/horizon-reader';
import { startLocalServer, type LocalServer } from '../support/local-server';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The captures' folder, named by the environment only: the repository names no path outside itself. */
const NAMED = process.env['LEDGERSCOPE_HORIZON_REAL'];
const REAL = NAMED ? resolve(ROOT, NAMED) : '';
const OWN = resolve(ROOT, 'test/fixtures/horizon');
const present = REAL !== '' && existsSync(REAL);
if (!present)
  console.log(
    REAL === ''
      ? 'horizon conformance: skipped the real Horizon captures (LEDGERSCOPE_HORIZON_REAL names their folder where there is one)'
      : `horizon conformance: skipped the real Horizon captures, ${REAL} does not exist`,
  );

let local: LocalServer;
const served = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    const answer = served.get(req.url ?? '');
    res.writeHead(answer?.status ?? 500, { 'content-type': 'application/problem+json' });
    res.end(answer?.body ?? '{}');
  });
});
afterAll(() => local.close());

/**
 * Each problem through the HTTP client (typed error, body kept) and, for submission failures, the
 * interpreter. Returns where the interpreter's result codes differ from the ones Horizon wrote.
 */
async function readProblems(tally: Tally): Promise<string[]> {
  const differences: string[] = [];
  const client = new HttpClient(local.base, { maxRetries: 0 });
  for (const [i, { file, status, body }] of tally.problems.entries()) {
    served.set(`/problem/${i}`, { status, body: stringifyJson(body) });
    const error = await client.getJson(`/problem/${i}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, file).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect([http.status, http.message.length > 0, stringifyJson(http.problem)], file).toEqual([
      status,
      true,
      stringifyJson(body),
    ]);
    const type = String(body['type']).split('/').pop();
    if (type === 'rate_limit_exceeded') expect(http.code, file).toBe('rate_limited');
    if (type !== 'transaction_failed') continue;
    const extras = body['extras'] as { result_codes: { transaction: string; operations?: string[] } };
    const { report } = interpret(status, body, 'ff'.repeat(32));
    expect(report.result, file).toBe('failed');
    const read = stringifyJson([report.transactionCode, report.operationCodes ?? []]);
    const written = stringifyJson([extras.result_codes.transaction, extras.result_codes.operations ?? []]);
    if (read !== written) differences.push(`${file}: read ${read}, Horizon wrote ${written}`);
  }
  return differences;
}

/**
 * Result codes the app still spells differently from Horizon (core/submission/xdr.ts derives them from
 * the XDR enums with Horizon's renames, core/submission/result-codes.ts). Listed exactly so that a new
 * difference fails, and so does fixing one of these (then delete its line). None is left.
 */
const KNOWN_CODE_DIFFERENCES: string[] = [];

function conformance(label: string, folder: string, expectations: { codeDifferences: string[] }) {
  let read: Tally | undefined;
  const tallyOf = () => (read ??= readFolder(folder));
  it(`${label}: every operation, page record, transaction and resource reads without loss`, () => {
    const tally = tallyOf();
    expect(tally.operations).toBeGreaterThan(0);
    expect(tally.transactions).toBeGreaterThan(0);
    expect(tally.resources).toBeGreaterThan(0);
    expect([...tally.types].sort()).toEqual(expect.arrayContaining(HORIZON_OPERATION_TYPES));
    // Every type read has its own typed model (the reader checked each record against it).
    expect([...tally.types].filter((type) => !(MODELLED_TYPES as readonly string[]).includes(type))).toEqual([]);
  });
  it(`${label}: every problem document reads as a typed error with its body kept`, async () => {
    const tally = tallyOf();
    expect(tally.problems.length).toBeGreaterThan(0);
    expect(await readProblems(tally)).toEqual(expectations.codeDifferences);
  });
  it(`${label}: every SSE frame is Horizon's open, record, close or error frame`, () => {
    expect(tallyOf().sseFrames).toBeGreaterThan(0);
  });
}

describe("horizon conformance, the project's own fixtures", () => {
  conformance('own fixtures', OWN, { codeDifferences: [] });
});

describe.skipIf(!present)('horizon conformance, real Horizon captures', () => {
  conformance('real captures', REAL, { codeDifferences: KNOWN_CODE_DIFFERENCES });
});
