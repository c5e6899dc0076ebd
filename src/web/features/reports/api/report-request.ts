import type { ReportGrouping, ReportPreset } from '../../../../core/reports.ts';

/** What the page asks for: a preset, or days from and to, and the rows' grouping. */
export type ReportRequest =
  | { period: ReportPreset; by: ReportGrouping }
  | { from: string; to: string; by: ReportGrouping };

/** The API's query string of a request. */
export function reportSearchParams(request: ReportRequest): URLSearchParams {
  const params =
    'period' in request
      ? new URLSearchParams({ period: request.period })
      : new URLSearchParams({ from: request.from, to: request.to });
  params.set('by', request.by);
  return params;
}
