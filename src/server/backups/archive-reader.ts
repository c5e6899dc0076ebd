import type { Readable } from 'node:stream';
import { InvalidBackupError } from './backup-archive.ts';

const newline = 0x0a;
const terminator = Buffer.from('\n\\.\n');
const emptySection = Buffer.from('\\.\n');

/**
 * Reads a backup's text (already ungzipped) piece by piece: lines for the signature, the
 * manifest and each section's header, and a section's COPY data as chunks, without ever
 * holding more than a chunk of it.
 */
export class ArchiveReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(input: Readable) {
    this.chunks = input[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    const next = await this.chunks.next();
    if (next.done) return false;
    this.pending =
      this.pending.length === 0 ? next.value : Buffer.concat([this.pending, next.value]);
    return true;
  }

  /** The next line, without its newline. A manifest line may be long; a line is never data. */
  async line(what: string): Promise<string> {
    for (;;) {
      const end = this.pending.indexOf(newline);
      if (end >= 0) {
        const line = this.pending.subarray(0, end).toString('utf8');
        this.pending = this.pending.subarray(end + 1);
        return line;
      }
      if (!(await this.more())) throw new InvalidBackupError(`o arquivo acaba antes de ${what}`);
    }
  }

  /** A section's rows, up to the line `\.`, which is read and dropped. */
  async *section(table: string): AsyncGenerator<Buffer> {
    let atStart = true;
    for (;;) {
      if (atStart && this.pending.length >= emptySection.length) {
        if (this.pending.subarray(0, emptySection.length).equals(emptySection)) {
          this.pending = this.pending.subarray(emptySection.length);
          return;
        }
      }
      const end = this.pending.indexOf(terminator);
      if (end >= 0) {
        yield this.pending.subarray(0, end + 1);
        this.pending = this.pending.subarray(end + terminator.length);
        return;
      }
      // The last bytes may be the start of the terminator: they wait for the next chunk.
      if (this.pending.length > terminator.length) {
        const keep = this.pending.length - terminator.length;
        yield this.pending.subarray(0, keep);
        this.pending = this.pending.subarray(keep);
        atStart = false;
      }
      if (!(await this.more())) {
        throw new InvalidBackupError(`os dados da tabela ${table} estão incompletos`);
      }
    }
  }

  /** Whether anything is left after the last section. */
  async atEnd(): Promise<boolean> {
    return this.pending.length === 0 && !(await this.more());
  }
}
