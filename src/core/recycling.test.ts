import { describe, expect, it } from 'vitest';
import { defaultRecyclingRules, type RecyclePreview, recyclePreviewText } from './recycling.ts';

const preview = (count: number, minDaysSinceRefusal = 0): RecyclePreview => ({
  count,
  fromStatus: 'red',
  rules: { ...defaultRecyclingRules, minDaysSinceRefusal },
});

describe("the recycle dialog's preview line", () => {
  it('names the count as people in Brazil read it, the status and the wait', () => {
    expect(recyclePreviewText(preview(2689, 7))).toBe(
      '2.689 leads Não aceitou voltam para o pool (recusados há pelo menos 7 dias).',
    );
    expect(recyclePreviewText(preview(2689))).toBe(
      '2.689 leads Não aceitou voltam para o pool (sem tempo mínimo desde a recusa).',
    );
  });

  it('speaks of one lead in the singular, and says clearly when none would go', () => {
    expect(recyclePreviewText(preview(1, 1))).toBe(
      '1 lead Não aceitou volta para o pool (recusado há pelo menos 1 dia).',
    );
    expect(recyclePreviewText(preview(0, 30))).toBe(
      'Nenhum lead Não aceitou volta para o pool agora (recusado há pelo menos 30 dias).',
    );
    expect(recyclePreviewText(preview(0))).toBe(
      'Nenhum lead Não aceitou volta para o pool agora (sem tempo mínimo desde a recusa).',
    );
  });
});
