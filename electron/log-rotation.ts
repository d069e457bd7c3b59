// Log rotation: main.log → main.1.log → … → main.3.log; the oldest is dropped.
import { existsSync, renameSync, rmSync } from 'node:fs';

export function rotate(path: string, keep = 3): void {
  const numbered = (n: number) => path.replace(/\.log$/, `.${n}.log`);
  rmSync(numbered(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) if (existsSync(numbered(n))) renameSync(numbered(n), numbered(n + 1));
  renameSync(path, numbered(1));
}
