import { type ReportRequest, reportSearchParams } from './report-request.ts';

/** The report as a downloaded file: a plain link, with the session cookie. */
export function performanceExportUrl(request: ReportRequest, format: 'csv' | 'xlsx') {
  return `/api/reports/performance.${format}?${reportSearchParams(request)}`;
}
