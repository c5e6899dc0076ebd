/** A row of a chunk with the numbers it shares with other rows of the same chunk. */
export interface RowNumbers {
  rowNumber: number;
  phones: string[];
}

/**
 * The rows that are duplicates of an earlier row of their chunk: in the file's order, a row
 * makes a lead, and claims its numbers, unless one of them was claimed already. A row that made
 * no lead claims nothing, so a later row that shares only its numbers still makes one: what a
 * row becomes does not depend on where the file was cut into chunks.
 */
export function rowsClaimedEarlier(rows: RowNumbers[]): number[] {
  const claimed = new Set<string>();
  const duplicates: number[] = [];
  for (const row of [...rows].sort((a, b) => a.rowNumber - b.rowNumber)) {
    if (row.phones.some((phone) => claimed.has(phone))) duplicates.push(row.rowNumber);
    else for (const phone of row.phones) claimed.add(phone);
  }
  return duplicates;
}
