/** Every block-list query starts with `all`, so one invalidation refreshes them all. */
export const blockedPhoneKeys = {
  all: ['do-not-call'] as const,
  list: (search: string) => [...blockedPhoneKeys.all, 'list', search] as const,
};
