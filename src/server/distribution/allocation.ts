/**
 * Which leads each assessor gets: the pure rule of a distribution. How many each gets is
 * `fairCounts` in src/core/fair-split.ts, shared with the page's preview.
 */

export interface PoolLead {
  id: number;
  lastOwnerId: string | null;
  recycled: boolean;
}

export interface Recipient {
  assessorId: string;
  count: number;
}

export interface Assignment {
  leadIds: number[];
  assessorIds: string[];
}

/**
 * Hands every lead to one recipient, each recipient getting exactly its count (the counts add
 * up to the number of leads), sending a lead back to its last owner only when nobody else has
 * room. Heuristic: the leads whose last owner is a recipient are grouped by that owner and the
 * largest groups are placed first, each on the other recipients with the most room left; the
 * leads without such a constraint (new ones, or last owned by someone not in this
 * distribution) fill whatever room is left. It is a greedy answer to a small transportation
 * problem, exact in the usual cases (a few recycled leads among many new ones) and linear
 * in the leads times the number of groups.
 */
export function assignLeads(
  leads: readonly PoolLead[],
  recipients: readonly Recipient[],
): Assignment {
  const room = new Map<string, number>();
  for (const recipient of recipients) {
    if (recipient.count > 0) room.set(recipient.assessorId, recipient.count);
  }
  const leadIds: number[] = [];
  const assessorIds: string[] = [];
  const give = (lead: PoolLead, assessorId: string) => {
    leadIds.push(lead.id);
    assessorIds.push(assessorId);
    room.set(assessorId, (room.get(assessorId) ?? 0) - 1);
  };

  const groups = new Map<string, PoolLead[]>();
  const unconstrained: PoolLead[] = [];
  for (const lead of leads) {
    if (lead.lastOwnerId !== null && room.has(lead.lastOwnerId)) {
      const group = groups.get(lead.lastOwnerId) ?? [];
      group.push(lead);
      groups.set(lead.lastOwnerId, group);
    } else {
      unconstrained.push(lead);
    }
  }

  const leftovers: PoolLead[] = [];
  const bySize = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  for (const [lastOwnerId, group] of bySize) {
    const others = [...room.entries()]
      .filter(([assessorId, left]) => assessorId !== lastOwnerId && left > 0)
      .sort((a, b) => b[1] - a[1]);
    let next = 0;
    for (const [assessorId, left] of others) {
      for (let taken = 0; taken < left && next < group.length; taken++) {
        give(group[next++] as PoolLead, assessorId);
      }
      if (next >= group.length) break;
    }
    leftovers.push(...group.slice(next));
  }

  const order = recipients.map((recipient) => recipient.assessorId);
  let cursor = 0;
  for (const lead of [...leftovers, ...unconstrained]) {
    while (cursor < order.length && (room.get(order[cursor] as string) ?? 0) <= 0) cursor++;
    const assessorId = order[cursor];
    if (assessorId === undefined) break;
    give(lead, assessorId);
  }
  return { leadIds, assessorIds };
}
