// `ledgerscope merge` and the signature part of `ledgerscope inspect`: envelope files read with a
// size limit, merged by the core (signatures:merge), written as base64, hex or SEP-7.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import type { MergeReport, SignatureReport } from '../shared/signatures';
import type { MergeCommand } from './merge-args';
import { CommandError, type Context } from './context';
import { mergeLines, signatureLines } from './signatures-text';

/** The channel's own limit on one envelope. */
const MAX_ENVELOPE = 200_000;

async function call<T>(ctx: Context, channel: string, args: unknown): Promise<T> {
  const reply = await ctx.dispatch(channel, args);
  if (!reply.ok) throw new CommandError(reply.error.message);
  return reply.value as T;
}

export function readEnvelopeFile(path: string): string {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new CommandError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // Checked before reading: a huge file is refused without being loaded.
  if (size > MAX_ENVELOPE)
    throw new CommandError(`${path} is larger than 200 kB; a transaction envelope is much smaller`);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new CommandError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
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
    try {
      writeFileSync(command.output, `${text}\n`);
    } catch (error) {
      throw new CommandError(
        `cannot write ${command.output}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    ctx.io.out(`${command.output}\n`);
  } else {
    ctx.io.out(`${text}\n`);
  }
  return 0;
}

/** The signature check of one envelope, printed to stderr; its report goes into inspect's JSON. */
export async function inspectSignatures(ctx: Context, input: string): Promise<SignatureReport> {
  const { reports } = await call<{ reports: SignatureReport[] }>(ctx, 'signatures:inspect', { inputs: [input] });
  const report = reports[0]!;
  for (const line of signatureLines(report)) ctx.io.err(`${line}\n`);
  return report;
}
