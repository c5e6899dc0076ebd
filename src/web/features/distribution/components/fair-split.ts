/**
 * What each assessor would get from a pool of `available` leads: everything asked when the
 * pool suffices, otherwise an even split in rounds, so nobody gets more than they asked and
 * a small request is met before a big one is (the server has the final word).
 */
export function fairSplit(
  requested: ReadonlyMap<string, number>,
  available: number,
): Map<string, number> {
  const shares = new Map<string, number>([...requested.keys()].map((id) => [id, 0]));
  let remaining = Math.max(0, available);
  let open = [...requested].filter(([, want]) => want > 0).map(([id]) => id);

  while (remaining > 0 && open.length > 0) {
    const round = Math.max(1, Math.floor(remaining / open.length));
    for (const id of open) {
      if (remaining === 0) break;
      const got = shares.get(id) ?? 0;
      const give = Math.min(round, (requested.get(id) ?? 0) - got, remaining);
      shares.set(id, got + give);
      remaining -= give;
    }
    open = open.filter((id) => (shares.get(id) ?? 0) < (requested.get(id) ?? 0));
  }
  return shares;
}
