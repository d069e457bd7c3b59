// A transaction's text from a file or standard input, for inspect, submit and decode: at most
// 1 MB, and refused (with the sentence every channel uses) when it holds a secret key.
import { readFileSync } from 'node:fs';
import { containsSecretKey, SECRET_REFUSED } from '../core';
import { CommandError, type Context } from './context';
import { fileProblem } from './file-problem';

const MAX_INPUT = 1024 * 1024;

export async function readSource(ctx: Context, source: string): Promise<string> {
  let text: string;
  if (source === '-') text = await ctx.io.readStdin();
  else {
    try {
      text = readFileSync(source, 'utf8');
    } catch (error) {
      throw new CommandError(fileProblem(source, error));
    }
  }
  if (text.length > MAX_INPUT)
    throw new CommandError(
      `${source === '-' ? 'standard input' : source} is larger than 1 MB; a transaction is much smaller`,
    );
  // Refused here, before any channel sees it, with the sentence every channel uses.
  if (containsSecretKey(text)) throw new CommandError(SECRET_REFUSED);
  return text.trim();
}
