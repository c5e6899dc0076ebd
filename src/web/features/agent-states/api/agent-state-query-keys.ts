/**
 * Every query of the agent-states feature starts with `agentStateKeys.all`: the assessor's own
 * state (refetched by the floor's events) and the pause reasons (by their own changes).
 */
export const agentStateKeys = {
  all: ['agent-state'] as const,
  mine: () => [...agentStateKeys.all, 'mine'] as const,
  pauseReasons: () => [...agentStateKeys.all, 'pause-reasons'] as const,
  pauseReasonList: (withRetired: boolean) =>
    [...agentStateKeys.pauseReasons(), { withRetired }] as const,
};
