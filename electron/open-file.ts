// Reads a transaction file the user chose (menu, launch argument, macOS open-file) for the
// submitter. Paths come from the operating system, never from the page.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { refuseSecrets } from '../core';

export const MAX_TRANSACTION_FILE_BYTES = 400_000;

export async function readTransactionFile(path: string): Promise<{ text: string; fileName: string }> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${basename(path)} is not a file.`);
    if (info.size > MAX_TRANSACTION_FILE_BYTES)
      throw new Error(`${basename(path)} is larger than ${MAX_TRANSACTION_FILE_BYTES} bytes: not a transaction.`);
    const text = (await handle.readFile('utf8')).trim();
    // The text goes to the page: a secret key in the file must not leave main (docs/design.md).
    refuseSecrets(text);
    return { text, fileName: basename(path).slice(0, 255) };
  } finally {
    await handle.close();
  }
}
