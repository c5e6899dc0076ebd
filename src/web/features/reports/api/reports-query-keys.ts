import type { ReportRequest } from './report-request.ts';

/** The performance reports: one query per period and grouping. */
export const reportsKeys = {
  all: ['reports'] as const,
  performance: (request: ReportRequest) => ['reports', 'performance', request] as const,
};
