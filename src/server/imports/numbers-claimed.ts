/** A number that several rows of a chunk list, with those rows. */
export interface SharedNumber {
  phone: string;
  rows: number[];
}

/**
 * The rows that are duplicates of an earlier row of their chunk: in the file's order, a row
 * makes a lead, and claims its numbers, unless one of them was claimed already. A row that made
 * no lead claims nothing, so a later row that shares only its numbers still makes one: what a
 * row becomes does not depend on where the file was cut into chunks. Only the numbers several
 * rows share can be claimed twice, so they are all that is needed.
 */
export function rowsClaimedEarlier(shared: SharedNumber[]): number[] {
  const numbersOf = new Map<number, string[]>();
  for (const { phone, rows } of shared) {
    for (const row of rows) numbersOf.set(row, [...(numbersOf.get(row) ?? []), phone]);
  }
  const claimed = new Set<string>();
  const duplicates: number[] = [];
  for (const row of [...numbersOf.keys()].sort((a, b) => a - b)) {
    const phones = numbersOf.get(row) as string[];
    if (phones.some((phone) => claimed.has(phone))) duplicates.push(row);
    else for (const phone of phones) claimed.add(phone);
  }
  return duplicates;
}
