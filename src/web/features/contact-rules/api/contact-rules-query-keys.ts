/** Every contact-rules query starts with `all`. */
export const contactRulesKeys = {
  all: ['contact-rules'] as const,
};
