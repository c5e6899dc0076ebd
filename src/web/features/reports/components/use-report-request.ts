import { useSearchParams } from 'react-router';
import {
  isCalendarDay,
  type ReportGrouping,
  type ReportPreset,
  reportPresetKeys,
} from '../../../../core/reports.ts';
import type { ReportRequest } from '../api/report-request.ts';

const isPreset = (value: string | null): value is ReportPreset =>
  reportPresetKeys.includes(value as ReportPreset);

/**
 * The period and grouping in the address, so a reload or a shared link keeps them:
 * `?periodo=7d`, or `?de=2026-03-01&ate=2026-03-10`, and `&por=team`. Today when absent.
 */
export function useReportRequest(): [ReportRequest, (next: ReportRequest) => void] {
  const [params, setParams] = useSearchParams();
  const by: ReportGrouping = params.get('por') === 'team' ? 'team' : 'assessor';
  const from = params.get('de') ?? '';
  const to = params.get('ate') ?? '';
  const periodo = params.get('periodo');
  const request: ReportRequest =
    isCalendarDay(from) && isCalendarDay(to) && from <= to
      ? { from, to, by }
      : { period: isPreset(periodo) ? periodo : 'today', by };
  const setRequest = (next: ReportRequest) => {
    const search = new URLSearchParams();
    if ('period' in next) {
      if (next.period !== 'today') search.set('periodo', next.period);
    } else {
      search.set('de', next.from);
      search.set('ate', next.to);
    }
    if (next.by === 'team') search.set('por', 'team');
    setParams(search, { replace: true });
  };
  return [request, setRequest];
}
