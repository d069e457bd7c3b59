// The process's resident memory split by kind of mapping, from /proc/self/smaps (Linux): the main
// thread's malloc arena ([heap]), other threads' arenas (anonymous, 64 MB-aligned), other anonymous
// memory (V8's heaps, large buffers) and files (code). lake-scan.ts prints it near its peak with SMAPS=1.
import { readFileSync } from 'node:fs';
export function smapsSplit(): Record<string, number> {
  const text = readFileSync('/proc/self/smaps', 'utf8');
  const out: Record<string, number> = { heap: 0, arenas: 0, anon: 0, files: 0, stack: 0 };
  let kind = 'anon';
  const arenaStarts = new Set<bigint>();
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt('0x' + head[1]);
      const name = head[4]!;
      if (name === '[heap]') kind = 'heap';
      else if (name.startsWith('[stack')) kind = 'stack';
      else if (name.startsWith('/')) kind = 'files';
      else if (name === '' && start % 0x4000000n === 0n) {
        kind = 'arenas';
        arenaStarts.add(start);
      } else kind = 'anon';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  out.arenaCount = arenaStarts.size;
  return out;
}
