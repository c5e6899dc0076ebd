/** Every recycling query starts with `all`. */
export const recyclingKeys = {
  all: ['recycling'] as const,
  rules: () => [...recyclingKeys.all, 'rules'] as const,
  preview: () => [...recyclingKeys.all, 'preview'] as const,
};
