import { describe, expect, it } from 'vitest';
import { pauseReasonInputSchema } from '../../../../core/agent-states.ts';
import { attemptFilterSchema, followUpQuerySchema } from '../../../../core/attempts.ts';
import type { AuditEntry } from '../../../../core/audit.ts';
import { describeValue, labelOf, targetOf } from './audit-details.ts';

describe("the audit page's words for an export's filters", () => {
  it('names every filter of the call records and the follow-up in Portuguese', () => {
    const keys = [
      ...Object.keys(attemptFilterSchema.shape),
      ...Object.keys(followUpQuerySchema.omit({ cursor: true, limit: true }).shape),
    ];
    for (const key of keys) expect(labelOf(key), key).not.toBe(key);
  });

  it('says which calls a contato filter kept, in the vocabulary of the pages', () => {
    expect(describeValue('filter', { contact: 'yes', outcome: 'red' })).toBe(
      'Contato: Contatos (alguém atendeu); Resultado: Não aceitou',
    );
    expect(describeValue('filter', { contact: 'no' })).toBe('Contato: Sem contato');
  });
});

describe("the audit page's words for teams and targets", () => {
  it('names each target changed and the team fields in Portuguese', () => {
    expect(labelOf('day.accepted')).toBe('Meta do dia (Aceites)');
    expect(labelOf('month.calls')).toBe('Meta do mês (Ligações)');
    expect(describeValue('changes', { 'day.calls': { from: null, to: 120 } })).toBe(
      'Meta do dia (Ligações): — → 120',
    );
    for (const key of ['team', 'supervisors', 'joined', 'left', 'moved', 'leftTeam']) {
      expect(labelOf(key), key).not.toBe(key);
    }
  });
});

describe("the audit page's words for pause reasons", () => {
  it('names a pause reason and each of its fields in Portuguese', () => {
    for (const key of Object.keys(pauseReasonInputSchema.shape)) {
      expect(labelOf(key), key).not.toBe(key);
    }
    expect(targetOf({ targetType: 'pause_reason', targetId: '7' } as AuditEntry)).toBe(
      'Motivo de pausa #7',
    );
  });
});
