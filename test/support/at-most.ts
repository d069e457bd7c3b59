// Runs an async step over many items, at most `atOnce` at a time, and gives the results in the
// items' order. For tests that start many short processes (argument errors): one after another,
// their start-up (about a second of CPU each under tsx) was most of such a test's time, and all at
// once they crowd two cores. Plain Node, so vitest tests, Playwright specs and benches can use it.
export async function mapAtMost<T, R>(
  items: readonly T[],
  atOnce: number,
  step: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await step(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return results;
}
