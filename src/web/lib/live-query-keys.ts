/**
 * The query keys that server events refresh. They live here, not in the features, so the
 * live-events hook can name them without a feature reaching into another.
 */
export const myLeadsQueryKey = ['my-leads'] as const;
export const distributionsQueryKey = ['distributions'] as const;
export const attemptsQueryKey = ['attempts'] as const;
export const followUpQueryKey = ['follow-up'] as const;
/** The lead list's key (features/leads uses the same literal). */
export const leadListQueryKey = ['leads'] as const;
/** The admin's dashboard: every event moves one of its figures. */
export const dashboardQueryKey = ['dashboard'] as const;
