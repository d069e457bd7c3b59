// Which of many XDR values hold a key's bytes, each answer exactly what `value.toXDR().includes(key)`
// gives, without serialising each value on its own: a ledger's few thousand envelopes and results
// each through toXDR cost a fresh 8 kB buffer apiece, which was half of an account scan's time.
// The values are written one after the other into one buffer (each value's bytes exactly its
// toXDR's, nothing between them), where they end is noted, and the key is searched once: an
// occurrence counts for a value only when it lies wholly inside that value's bytes (one that
// straddles two values is in neither's toXDR). The buffer is searched and started afresh every
// CHUNK bytes, at a value's end, so a ledger's worth is never held twice nor grown in small steps.
import { cereal } from '@stellar/stellar-base';

/** An XDR type as @stellar/stellar-base generates it: its static writer (typed there as taking a Buffer). */
export interface XdrWritable<T> {
  write(value: T, io: Buffer): void;
}

const CHUNK = 256 * 1024;

/** For each of `values` (of the XDR type `type`), whether its XDR bytes hold `key`. */
export function holdingKey<T>(type: XdrWritable<T>, values: readonly T[], key: Buffer, chunk = CHUNK): boolean[] {
  const found = new Array<boolean>(values.length).fill(false);
  if (!key.length) return found.fill(true);
  let writer = new cereal.XdrWriter(2 * chunk);
  /** Where each value written since the last search ends in the buffer, and the first one's index. */
  let ends: number[] = [];
  let first = 0;
  const search = () => {
    const bytes = writer.finalize();
    let item = 0;
    let from = bytes.indexOf(key);
    while (from !== -1) {
      // The value the occurrence starts in (ends ascend; the occurrence starts before the last end).
      while (ends[item]! <= from) item++;
      if (from + key.length <= ends[item]!) {
        found[first + item] = true;
        // Any later occurrence that starts in this value is no news: search from the next one.
        from = ends[item]!;
        item++;
        if (item === ends.length) break;
      } else from += 1;
      from = bytes.indexOf(key, from);
    }
  };
  values.forEach((value, index) => {
    type.write(value, writer as unknown as Buffer);
    // alloc(0) is the writer's position: where this value's bytes end.
    ends.push(writer.alloc(0));
    if (ends[ends.length - 1]! >= chunk || index === values.length - 1) {
      search();
      if (index === values.length - 1) return;
      writer = new cereal.XdrWriter(2 * chunk);
      ends = [];
      first = index + 1;
    }
  });
  return found;
}
