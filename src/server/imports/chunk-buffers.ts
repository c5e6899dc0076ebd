/**
 * The lines of the chunk being parsed, written as they come into one of two buffers used in
 * turn: one filled while PostgreSQL reads the other. A line is garbage as soon as it is written,
 * so it dies young. Kept as strings until their chunk was sent, 20,000 lines outlived V8's young
 * generation and filled its old heap, and the server's memory swung by 100 MB between two full
 * collections (300 MB at its peak on a 1M-row import).
 */
export class ChunkBuffers {
  private readonly buffers: [Buffer, Buffer];
  private filling: 0 | 1 = 0;
  private used = 0;
  /** The lines in the chunk being filled. */
  lines = 0;

  constructor(readonly capacity = 8 * 2 ** 20) {
    this.buffers = [Buffer.allocUnsafe(capacity), Buffer.allocUnsafe(capacity)];
  }

  /** Adds a line to the chunk; false, and nothing added, when it does not fit. */
  add(line: string): boolean {
    const free = this.capacity - this.used;
    // A UTF-16 unit is at most 3 bytes of UTF-8: the exact length only when it may not fit.
    if (line.length * 3 > free && Buffer.byteLength(line) > free) return false;
    this.used += this.buffers[this.filling].write(line, this.used);
    this.lines++;
    return true;
  }

  /**
   * The chunk filled so far, to send; the next lines go to the other buffer, which its own
   * chunk must have left (the worker awaits one chunk's load before it sends the next).
   */
  take(): Buffer {
    const chunk = this.buffers[this.filling].subarray(0, this.used);
    this.filling = this.filling === 0 ? 1 : 0;
    this.used = 0;
    this.lines = 0;
    return chunk;
  }
}
