/** Every query of the assessor's own state starts with `agentStateKeys.all`. */
export const agentStateKeys = {
  all: ['agent-state'] as const,
  mine: () => [...agentStateKeys.all, 'mine'] as const,
};

/** Every pause-reason query starts with `pauseReasonKeys.all`. */
export const pauseReasonKeys = {
  all: ['pause-reasons'] as const,
  list: (withRetired: boolean) => [...pauseReasonKeys.all, { withRetired }] as const,
};
