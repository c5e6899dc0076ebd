import { describe, expect, it } from 'vitest';
import { attemptOutcomeSchema, outcomeButtons } from './attempts.ts';
import {
  contactRulesSchema,
  defaultContactRules,
  noAnswerKinds,
  retryKeyLabels,
  retryKeyOf,
  retryKeys,
} from './contact-rules.ts';
import { attemptsByOutcomeSchema } from './dashboard.ts';
import { phoneStateLabels, phoneStates, stateOfOnlyNumber } from './lead-phones.ts';
import {
  answeredOutcomes,
  attemptOutcomes,
  closedStatuses,
  leadStatusColors,
  leadStatuses,
  leadStatusLabels,
  ownedStatuses,
  workableStatuses,
} from './lead-status.ts';
import { outcomeClosesLead } from './lead-transitions.ts';
import {
  acceptedOutcomeKey,
  callbackOutcomeKey,
  outcomeBlocksNumbers,
  outcomeRegistry,
  phoneStateMarkedBy,
} from './outcomes.ts';

const keys = outcomeRegistry.map((outcome) => outcome.key);
const where = (test: (outcome: (typeof outcomeRegistry)[number]) => boolean) =>
  outcomeRegistry.filter(test).map((outcome) => outcome.key);

describe('the outcome registry', () => {
  it('gives each outcome its own key and keyboard key', () => {
    expect(new Set(keys).size).toBe(keys.length);
    const shortcuts = outcomeButtons.map((button) => button.key);
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });

  it('numbers the keyboard keys 1, 2, 3… in the order the buttons show', () => {
    expect(outcomeButtons.map((button) => button.key)).toEqual(
      outcomeButtons.map((_, index) => String(index + 1)),
    );
  });

  it('is every outcome a call records and every outcome status of a lead', () => {
    expect([...attemptOutcomes]).toEqual(keys);
    expect([...attemptOutcomeSchema.options]).toEqual(keys);
    expect(Object.keys(attemptsByOutcomeSchema.shape)).toEqual(keys);
    for (const outcome of outcomeRegistry) {
      expect(leadStatuses).toContain(outcome.key);
      expect(leadStatusLabels[outcome.key]).toBe(outcome.label);
      expect(leadStatusColors[outcome.key]).toBe(outcome.color);
    }
  });

  it('says which statuses keep an owner, are called again, are closed and were answered', () => {
    expect([...closedStatuses]).toEqual(where((outcome) => outcome.lead === 'closes'));
    expect(ownedStatuses.filter((status) => status !== 'assigned')).toEqual(
      where((outcome) => outcome.lead !== 'closes'),
    );
    expect(workableStatuses.filter((status) => status !== 'assigned')).toEqual(
      where((outcome) => outcome.lead === 'callAgain'),
    );
    expect([...answeredOutcomes]).toEqual(where((outcome) => outcome.answered));
    for (const key of keys) {
      expect(outcomeClosesLead(key), key).toBe(closedStatuses.includes(key as never));
    }
    expect(acceptedOutcomeKey).toBe('green');
    expect(callbackOutcomeKey).toBe('yellow');
  });

  it('gives a retry rule, with its label and defaults, to each outcome called again and its kinds', () => {
    for (const outcome of outcomeRegistry) {
      const retried = 'retry' in outcome;
      expect(retried, outcome.key).toBe(outcome.lead === 'callAgain');
      expect(retryKeyOf(outcome.key, null)).toBe(retried ? outcome.retry.key : null);
      if (!retried) continue;
      expect(retryKeys).toContain(outcome.retry.key);
      expect(retryKeyLabels[outcome.retry.key]).toBe(outcome.label);
      for (const kind of 'kinds' in outcome ? outcome.kinds : []) {
        expect(retryKeys).toContain(kind.key);
        expect(retryKeyLabels[kind.key]).toBe(kind.label);
        expect(retryKeyOf(outcome.key, kind.key)).toBe(kind.key);
      }
    }
    expect(Object.keys(contactRulesSchema.shape.retry.shape).sort()).toEqual([...retryKeys].sort());
    expect(Object.keys(defaultContactRules.retry).sort()).toEqual([...retryKeys].sort());
    expect([...noAnswerKinds]).toEqual(['busy', 'voicemail']);
    // The page lists the rules with an interval first and the agreed call-back last.
    expect(retryKeys.at(-1)).toBe(callbackOutcomeKey);
  });

  it('puts a button for each outcome and each of its kinds on the assessor page', () => {
    const plain = outcomeButtons.filter((button) => button.noAnswerKind === undefined);
    expect(plain.map((button) => button.outcome)).toEqual(keys);
    expect(plain.map((button) => button.label)).toEqual(outcomeRegistry.map((o) => o.label));
    expect(
      outcomeButtons.filter((button) => button.noAnswerKind).map((button) => button.noAnswerKind),
    ).toEqual([...noAnswerKinds]);
  });

  it('marks the number dialled with a state of its own, or blocks every number', () => {
    for (const outcome of outcomeRegistry) {
      const marked = phoneStateMarkedBy(outcome.key);
      if (marked !== null) {
        expect(phoneStates).toContain(marked);
        expect(phoneStateLabels[marked]).toBe(
          'marksNumber' in outcome && outcome.marksNumber.label,
        );
        // A lead whose only number it marked closes with it, and its number says why.
        expect(outcome.lead).toBe('closes');
        expect(stateOfOnlyNumber(outcome.key)).toBe(marked);
      }
      if (outcomeBlocksNumbers(outcome.key))
        expect(stateOfOnlyNumber(outcome.key)).toBe('do_not_call');
      if (marked === null && !outcomeBlocksNumbers(outcome.key)) {
        expect(stateOfOnlyNumber(outcome.key)).toBe('valid');
      }
    }
    expect(phoneStates[0]).toBe('valid');
    expect(phoneStates.at(-1)).toBe('do_not_call');
  });

  it('holds "Não conhece o titular": a closing outcome someone answered that marks the number', () => {
    const wrongPerson = outcomeRegistry.find((outcome) => outcome.key === 'wrong_person');
    expect(wrongPerson?.label).toBe('Não conhece o titular');
    expect(phoneStateMarkedBy('wrong_person')).toBe('not_owner');
    expect(phoneStateLabels.not_owner).toBe('Não pertence');
    expect(closedStatuses).toContain('wrong_person');
    expect(answeredOutcomes).toContain('wrong_person');
    expect(outcomeButtons.find((button) => button.outcome === 'wrong_person')?.key).toBe('8');
  });
});
