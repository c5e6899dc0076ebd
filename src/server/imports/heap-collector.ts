import v8 from 'node:v8';
import vm from 'node:vm';

const usedHeap = () => v8.getHeapStatistics().used_heap_size;

let exposed: (() => void) | undefined;

/** V8's full collection, exposed once to the code that asks for it; none where V8 refuses. */
export function fullCollection(): () => void {
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    exposed = vm.runInNewContext('gc') as () => void;
  } catch {
    exposed = () => {};
  }
  return exposed;
}

/**
 * Keeps the server's heap near its size at rest through an import. The rows a chunk is parsed
 * from outlive a few young-generation collections while the chunk is built, get promoted, and
 * die in the old generation, which V8 lets grow by half or more before it collects it: every
 * import took the server from 136 MB at rest to 238 MB, whatever the file's size (240 MB for
 * 10M rows). The import calls `collectIfGrown` between two chunks, while PostgreSQL loads the
 * last one, and a full collection runs once the heap has grown by `slackBytes` since the last
 * one: about 30 ms, which the requests of that moment wait for.
 */
export function createHeapCollector(slackBytes = 8 * 2 ** 20) {
  const collect = fullCollection();
  let floor = usedHeap();
  return {
    collectIfGrown() {
      if (usedHeap() - floor < slackBytes) return;
      collect();
      floor = usedHeap();
    },
  };
}
