/** The admin's dashboard is one query. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
