/** Every message-template query starts with `all`. */
export const messageTemplateKeys = {
  all: ['message-templates'] as const,
  list: (withArchived: boolean) => [...messageTemplateKeys.all, { withArchived }] as const,
};
