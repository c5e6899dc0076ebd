/**
 * How many leads each assessor gets when `available` leads are split among their requests, in
 * the order the requests are listed: the one rule the server distributes by and the daily
 * distribution page previews, so the preview shows exactly what the server will do.
 *
 * It splits as a round-robin would, one lead per assessor per round until each has what they
 * asked: everyone gets the floor or the ceiling of a fair share, capped by their own request,
 * and the first assessors in the list win the odd leads of the last round.
 */
export function fairCounts(requested: readonly number[], available: number): number[] {
  const counts = requested.map(() => 0);
  let remaining = Math.max(0, available);
  let open = requested.flatMap((wanted, index) => (wanted > 0 ? [index] : []));
  while (remaining > 0 && open.length > 0) {
    const perAssessor = Math.floor(remaining / open.length);
    if (perAssessor === 0) {
      for (const index of open.slice(0, remaining)) counts[index] = (counts[index] ?? 0) + 1;
      break;
    }
    for (const index of open) {
      const give = Math.min(perAssessor, (requested[index] ?? 0) - (counts[index] ?? 0));
      counts[index] = (counts[index] ?? 0) + give;
      remaining -= give;
    }
    open = open.filter((index) => (counts[index] ?? 0) < (requested[index] ?? 0));
  }
  return counts;
}
