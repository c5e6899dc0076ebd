import { describe, expect, it } from 'vitest';
import { ChunkBuffers } from './chunk-buffers.ts';

describe('chunk buffers', () => {
  it('hold the lines of a chunk as UTF-8, and refuse a line that does not fit', () => {
    const chunks = new ChunkBuffers(16);
    expect(chunks.add('João\t1\n')).toBe(true);
    expect(chunks.add('Zé\t2\n')).toBe(true);
    expect(chunks.lines).toBe(2);
    // 8 + 6 bytes used: "ã" and "é" are two bytes each; three more do not fit in 16.
    expect(chunks.add('Ana\n')).toBe(false);
    expect(chunks.lines).toBe(2);
    expect(chunks.take().toString('utf8')).toBe('João\t1\nZé\t2\n');
    expect(chunks.lines).toBe(0);
  });

  it('fill a line to the last byte, and take turns between the two buffers', () => {
    const chunks = new ChunkBuffers(8);
    expect(chunks.add('ãããã\n')).toBe(false);
    expect(chunks.add('ãã\n')).toBe(true);
    expect(chunks.add('ab\n')).toBe(true);
    const first = chunks.take();
    expect(first.toString('utf8')).toBe('ãã\nab\n');
    expect(chunks.add('cd\n')).toBe(true);
    const second = chunks.take();
    // The second chunk was written to the other buffer: the first is intact.
    expect(first.toString('utf8')).toBe('ãã\nab\n');
    expect(second.toString('utf8')).toBe('cd\n');
    expect(chunks.add('x'.repeat(9))).toBe(false);
  });
});
