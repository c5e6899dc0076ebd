import { type ContactRules, defaultContactRules } from '../../core/contact-rules.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import type { ContactRulesRepository } from './contact-rules.repository.ts';

export function createContactRulesService({
  rules,
  unitOfWork,
}: {
  rules: ContactRulesRepository;
  unitOfWork: RunUnitOfWork;
}) {
  return {
    async current() {
      return { rules: await rules.current(), defaults: defaultContactRules };
    },

    /** Replaces the rules and audits it in one transaction: no change without its row. */
    async replace(replacement: ContactRules, audit: AuditTrail) {
      await unitOfWork(audit, async (unit) => {
        await rules.within(unit.trx).replace(replacement);
        const { caps, overdueCallbacks, retry } = replacement;
        await unit.audit({
          action: 'contact_rules.changed',
          details: {
            perDay: caps.perDay,
            perWeek: caps.perWeek,
            overdueAfterMinutes: overdueCallbacks.afterMinutes,
            overdueReturnToPool: overdueCallbacks.returnToPool,
            maxTries: Object.fromEntries(
              Object.entries(retry).map(([key, rule]) => [key, rule.maxTries]),
            ),
          },
        });
      });
      return { rules: replacement, defaults: defaultContactRules };
    },
  };
}
export type ContactRulesService = ReturnType<typeof createContactRulesService>;
