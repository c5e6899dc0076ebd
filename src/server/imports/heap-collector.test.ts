import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createHeapCollector, fullCollection } from './heap-collector.ts';

const usedHeap = () => v8.getHeapStatistics().used_heap_size;
const megabytes = 2 ** 20;

/** About `size` bytes of rows, as an import parses them, to be let go by the caller. */
function rows(size: number) {
  return Array.from({ length: size / 100 }, (_, index) => ({
    rowNumber: index,
    cells: [`Nome ${index}`, `+5511${String(index).padStart(9, '0')}`],
  }));
}

describe('heap collector', () => {
  it('collects the garbage once the heap has grown past its slack, and not before', () => {
    // The worker's heap may hold the garbage of the test files before this one, which V8 could
    // collect in the middle of the test and so hide the growth: it starts from a collected heap.
    fullCollection()();
    const collector = createHeapCollector(16 * megabytes);
    let small: unknown[] | undefined = rows(4 * megabytes);
    const withSmall = usedHeap();
    small = undefined;
    collector.collectIfGrown();
    // Under the slack: left to V8, so the dead rows are still counted.
    expect(small).toBeUndefined();
    expect(usedHeap()).toBeGreaterThanOrEqual(withSmall - megabytes);

    let large: unknown[] | undefined = rows(64 * megabytes);
    const withLarge = usedHeap();
    large = undefined;
    collector.collectIfGrown();
    expect(large).toBeUndefined();
    expect(usedHeap()).toBeLessThan(withLarge - 32 * megabytes);
  });
});
