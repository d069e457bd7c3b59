// What went wrong reading a file the person named, as a sentence about the file, not the
// operating system's code (ENOENT, EACCES): every command that reads a file says it the same way.

const WHY: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'not allowed to read it',
  EPERM: 'not allowed to read it',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of its path is not a folder',
  EMFILE: 'too many files are open; try again',
  ELOOP: 'its path goes round in a loop of links',
};

/** "cannot read payment.xdr: no such file" */
export function fileProblem(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const why = (code && WHY[code]) ?? (error instanceof Error ? error.message : String(error));
  return `cannot read ${path}: ${why}`;
}
