// `ledgerscope merge` and the signature part of `ledgerscope inspect`: envelope files read with a
// size limit, merged by the core (signatures:merge), written as base64, hex or SEP-7.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { containsSecretKey, SECRET_REFUSED, writeFresh as writeWhole } from '../core';
import type { MergeReport, SignatureReport } from '../shared/signatures';
import type { MergeCommand } from './merge-args';
import { call, CommandError, type Context } from './context';
import { fileProblem } from './file-problem';
import { mergeLines, signatureLines } from './signatures-text';

/** The channel's own limit on one envelope. */
const MAX_ENVELOPE = 200_000;

export function readEnvelopeFile(path: string): string {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new CommandError(fileProblem(path, error));
  }
  // Checked before reading: a huge file is refused without being loaded.
  if (size > MAX_ENVELOPE)
    throw new CommandError(`${path} is larger than 200 kB; a transaction envelope is much smaller`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new CommandError(fileProblem(path, error));
  }
  if (containsSecretKey(text)) throw new CommandError(SECRET_REFUSED);
  return text;
}

export async function mergeCommand(command: MergeCommand, ctx: Context): Promise<number> {
  const inputs = command.sources.map(readEnvelopeFile);
  const report = await call<MergeReport>(ctx, 'signatures:merge', {
    inputs,
    ...(command.detached.length ? { detached: command.detached } : {}),
  });
  const text =
    command.format === 'base64'
      ? report.envelope
      : (await call<{ text: string }>(ctx, 'signatures:export', { input: report.envelope, format: command.format }))
          .text;
  for (const line of mergeLines(report)) ctx.io.err(`${line}\n`);
  if (command.output) {
    ctx.io.out(`${writeFresh(command.output, `${text}\n`)}\n`);
  } else {
    ctx.io.out(`${text}\n`);
  }
  return 0;
}

/** Writes `--output` under a fresh name (`x (2).txt` when x.txt exists: nothing is overwritten); returns the path written. */
function writeFresh(output: string, text: string): string {
  try {
    // Whole or not at all, under a fresh name (core/exports/whole-file.ts).
    return writeWhole(dirname(output), basename(output), text);
  } catch (error) {
    const system = error as NodeJS.ErrnoException; // a file system error names its code; a refused name says why
    throw new CommandError(`cannot write ${output}: ${system.syscall ? system.code : system.message}`);
  }
}

/** The signature check of one envelope (signatures:inspect). */
export async function checkSignatures(ctx: Context, input: string): Promise<SignatureReport> {
  const { reports } = await call<{ reports: SignatureReport[] }>(ctx, 'signatures:inspect', { inputs: [input] });
  return reports[0]!;
}

/** The signature check of one envelope, printed to stderr; its report goes into inspect's JSON. */
export async function inspectSignatures(ctx: Context, input: string): Promise<SignatureReport> {
  const report = await checkSignatures(ctx, input);
  for (const line of signatureLines(report)) ctx.io.err(`${line}\n`);
  return report;
}
