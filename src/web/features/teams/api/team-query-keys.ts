/** The teams and the targets are read apart: saving a target refetches only the targets. */
export const teamKeys = {
  all: ['teams'] as const,
  targets: ['targets'] as const,
};
