/** Every backup query starts with `all`, so one invalidation refreshes them all. */
export const backupKeys = {
  all: ['backups'] as const,
  list: () => [...backupKeys.all, 'list'] as const,
};
