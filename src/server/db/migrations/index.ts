import type { Migration } from 'kysely';
import * as authAndUsers from './0001-auth-and-users.ts';
import * as leads from './0002-leads.ts';
import * as importWorker from './0003-import-worker.ts';
import * as distributions from './0004-distributions.ts';
import * as distributionResult from './0005-distribution-result.ts';
import * as recycling from './0006-recycling.ts';
import * as dashboard from './0007-dashboard.ts';
import * as operatorIndexes from './0008-operator-indexes.ts';
import * as leadNameSearch from './0009-lead-name-search.ts';
import * as auditLog from './0010-audit-log.ts';
import * as doNotCallList from './0011-do-not-call-list.ts';
import * as assessorListGroups from './0012-assessor-list-groups.ts';
import * as attemptCountDeltas from './0013-attempt-count-deltas.ts';
import * as leadsAutovacuum from './0014-leads-autovacuum.ts';
import * as leadLastNote from './0015-lead-last-note.ts';
import * as closedCallsIndex from './0016-closed-calls-index.ts';
import * as attemptDialledContact from './0017-attempt-dialled-contact.ts';
import * as importWarnings from './0018-import-warnings.ts';
import * as signInAddresses from './0019-sign-in-addresses.ts';
import * as importedWithWarnings from './0020-imported-with-warnings.ts';
import * as searchText from './0021-search-text.ts';
import * as outcomeUndo from './0022-outcome-undo.ts';
import * as leadNameOrder from './0023-lead-name-order.ts';
import * as outsideWindowReason from './0024-outside-window-reason.ts';
import * as nextCall from './0025-next-call.ts';
import * as importLegalBasis from './0026-import-legal-basis.ts';
import * as blockLists from './0027-block-lists.ts';
import * as leadPhones from './0028-lead-phones.ts';
import * as integrations from './0029-integrations.ts';
import * as distributionPoolIndex from './0030-distribution-pool-index.ts';
import * as areaCodeStatistics from './0031-area-code-statistics.ts';
import * as sessionsChanged from './0032-sessions-changed.ts';
import * as dashboardCountsAutovacuum from './0033-dashboard-counts-autovacuum.ts';
import * as erasureCopies from './0034-erasure-copies.ts';
import * as outcomeRegistry from './0035-outcome-registry.ts';
import * as supervision from './0036-supervision.ts';
import * as reportSummaries from './0037-report-summaries.ts';
import * as hourlyCallTotals from './0038-hourly-call-totals.ts';

/** Every migration, in order. A landed migration is never edited: add a new one. */
export const migrations: Record<string, Migration> = {
  '0001-auth-and-users': authAndUsers,
  '0002-leads': leads,
  '0003-import-worker': importWorker,
  '0004-distributions': distributions,
  '0005-distribution-result': distributionResult,
  '0006-recycling': recycling,
  '0007-dashboard': dashboard,
  '0008-operator-indexes': operatorIndexes,
  '0009-lead-name-search': leadNameSearch,
  '0010-audit-log': auditLog,
  '0011-do-not-call-list': doNotCallList,
  '0012-assessor-list-groups': assessorListGroups,
  '0013-attempt-count-deltas': attemptCountDeltas,
  '0014-leads-autovacuum': leadsAutovacuum,
  '0015-lead-last-note': leadLastNote,
  '0016-closed-calls-index': closedCallsIndex,
  '0017-attempt-dialled-contact': attemptDialledContact,
  '0018-import-warnings': importWarnings,
  '0019-sign-in-addresses': signInAddresses,
  '0020-imported-with-warnings': importedWithWarnings,
  '0021-search-text': searchText,
  '0022-outcome-undo': outcomeUndo,
  '0023-lead-name-order': leadNameOrder,
  '0024-outside-window-reason': outsideWindowReason,
  '0025-next-call': nextCall,
  '0026-import-legal-basis': importLegalBasis,
  '0027-block-lists': blockLists,
  '0028-lead-phones': leadPhones,
  '0029-integrations': integrations,
  '0030-distribution-pool-index': distributionPoolIndex,
  '0031-area-code-statistics': areaCodeStatistics,
  '0032-sessions-changed': sessionsChanged,
  '0033-dashboard-counts-autovacuum': dashboardCountsAutovacuum,
  '0034-erasure-copies': erasureCopies,
  '0035-outcome-registry': outcomeRegistry,
  '0036-supervision': supervision,
  '0037-report-summaries': reportSummaries,
  '0038-hourly-call-totals': hourlyCallTotals,
};
