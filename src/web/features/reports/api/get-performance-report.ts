import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { performanceReportSchema } from '../../../../core/reports.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { type ReportRequest, reportSearchParams } from './report-request.ts';
import { reportsKeys } from './reports-query-keys.ts';

export function getPerformanceReport(
  request: ReportRequest,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiClient.get(
    `/api/reports/performance?${reportSearchParams(request)}`,
    performanceReportSchema,
    { signal },
  );
}

export function usePerformanceReport(request: ReportRequest) {
  return useQuery(
    queryOptions({
      queryKey: reportsKeys.performance(request),
      queryFn: ({ signal }) => getPerformanceReport(request, { signal }),
      // Another period keeps the figures on screen until its own arrive.
      placeholderData: keepPreviousData,
    }),
  );
}
