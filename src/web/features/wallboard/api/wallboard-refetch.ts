/**
 * The least time between two refetches of the wallboard the floor's events ask for. Apart from
 * the query (and its schema) so that the live events, loaded with every page, take only this.
 */
export const wallboardRefetchMs = 1000;
