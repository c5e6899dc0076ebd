import { Anchor, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import {
  type MyLead,
  myLeadsPageSize,
  type OutcomeChoice,
  outcomeButtons,
} from '../../../../core/attempts.ts';
import { firstCallablePhone } from '../../../../core/lead-phones.ts';
import { type AttemptOutcome, closedStatuses } from '../../../../core/lead-status.ts';
import { callbackOutcomeKey } from '../../../../core/outcomes.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { AgentStateBar, tellCall } from '../../agent-states/index.ts';
import { describeCallingStatus } from '../../calling-calendar/index.ts';
import { useMyLeads } from '../api/get-my-leads.ts';
import { useRecordAttempt } from '../api/record-attempt.ts';
import { blockingText } from '../components/blocking-text.ts';
import { DayProgress } from '../components/day-progress.tsx';
import { LeadCard, leadCardId } from '../components/lead-card.tsx';
import { OutOfHoursDialog } from '../components/out-of-hours-dialog.tsx';
import { ShortcutHint } from '../components/shortcut-hint.tsx';
import { isShortcutTarget } from '../components/shortcut-target.ts';
import { useUndoLastCall } from '../components/undo-last-call.tsx';
import { shownGroupLabels, useShownLeads } from '../components/use-shown-leads.ts';
import { useWhatsAppChoices } from '../components/use-whatsapp-choices.ts';

interface PendingOutcome {
  lead: MyLead;
  choice: OutcomeChoice;
  callbackAt?: string;
}

const isBlocking = (outcome: AttemptOutcome) =>
  (closedStatuses as readonly string[]).includes(outcome);

const callbackChoice = outcomeButtons.find(
  (button) => button.outcome === callbackOutcomeKey,
) as OutcomeChoice;

export const emptyDayMessage = 'Nenhum lead para hoje. Aguarde a distribuição.';

export function AssessorLeadsPage() {
  const [limit, setLimit] = useState(myLeadsPageSize);
  const myLeads = useMyLeads(limit);
  const recordAttempt = useRecordAttempt();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const whatsApp = useWhatsAppChoices();
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [dialledByLead, setDialledByLead] = useState<Record<number, string>>({});
  const dialledOf = useCallback(
    (lead: MyLead) => dialledByLead[lead.id] ?? firstCallablePhone(lead),
    [dialledByLead],
  );
  const [callbackLeadId, setCallbackLeadId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);
  const [errorByLead, setErrorByLead] = useState<{ leadId: number; message: string } | null>(null);
  const [blocking, setBlocking] = useState<{ lead: MyLead; choice: OutcomeChoice } | null>(null);
  const [outOfHours, setOutOfHours] = useState<PendingOutcome | null>(null);
  const undoLastCall = useUndoLastCall({
    onUndone: (leadId, message) => {
      setAnnouncement(message);
      setCurrentId(leadId);
      setFocusRequest((n) => n + 1);
    },
  });

  const groups = myLeads.data?.groups;
  const { shown, leads, statusOf } = useShownLeads(myLeads.data?.leads);
  const total = groups
    ? groups.callbackDue + groups.retry + groups.notAttended + groups.waiting
    : 0;
  const current = leads.find((lead) => lead.id === currentId) ?? leads[0];
  const busy = recordAttempt.isPending || undoLastCall.undoing;
  const blockingWords =
    blocking && blockingText(blocking.lead, blocking.choice, dialledOf(blocking.lead));

  // Moving with the keyboard, or after an outcome, puts the focus on the new current card.
  const lastFocusRequest = useRef(0);
  useEffect(() => {
    if (focusRequest === lastFocusRequest.current || !current) return;
    lastFocusRequest.current = focusRequest;
    const card = document.getElementById(leadCardId(current.id));
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [focusRequest, current]);

  const select = useCallback((leadId: number, focus: boolean) => {
    setCurrentId(leadId);
    setCallbackLeadId(null);
    if (focus) setFocusRequest((n) => n + 1);
  }, []);

  const record = useCallback(
    (
      lead: MyLead,
      choice: OutcomeChoice,
      options: {
        callbackAt?: string;
        confirmed?: boolean;
        outsideWindowReason?: string;
      } = {},
    ) => {
      const { callbackAt, confirmed = false, outsideWindowReason } = options;
      const { outcome, noAnswerKind } = choice;
      if (busy) return;
      if (outcome === callbackOutcomeKey && callbackAt === undefined) {
        setCallbackLeadId(lead.id);
        return;
      }
      // Out of the state's calling hours, the call needs a reason, which the records keep.
      const status = statusOf?.(lead);
      if (status && !status.allowed && outsideWindowReason === undefined) {
        setOutOfHours({ lead, choice, ...(callbackAt ? { callbackAt } : {}) });
        return;
      }
      // These two block the phone for good: one keystroke must not do that.
      if (isBlocking(outcome) && !confirmed) {
        setBlocking({ lead, choice });
        return;
      }
      const index = leads.findIndex((item) => item.id === lead.id);
      const next = leads[index + 1] ?? leads[index - 1];
      const note = notes[lead.id]?.trim();
      setErrorByLead(null);
      recordAttempt.mutate(
        {
          leadId: lead.id,
          body: {
            outcome,
            ...(noAnswerKind ? { noAnswerKind } : {}),
            ...whatsApp.bodyOf(lead.id),
            ...(lead.phones.length > 1 ? { phone: dialledOf(lead) } : {}),
            ...(note ? { note } : {}),
            ...(callbackAt ? { callbackAt } : {}),
            ...(outsideWindowReason ? { outsideWindowReason } : {}),
          },
        },
        {
          onSuccess: (result) => {
            setAnnouncement(`${lead.name}: ${choice.label} registrado.`);
            undoLastCall.offer({
              attemptId: result.attempt.id,
              leadId: lead.id,
              leadName: lead.name,
              outcomeLabel: choice.label,
            });
            setNotes(({ [lead.id]: _, ...rest }) => rest);
            setCallbackLeadId(null);
            setCurrentId(next?.id ?? null);
            setFocusRequest((n) => n + 1);
          },
          onError: (error) => setErrorByLead({ leadId: lead.id, message: error.message }),
        },
      );
    },
    [busy, leads, notes, recordAttempt, statusOf, undoLastCall.offer, whatsApp.bodyOf, dialledOf],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutTarget(event) || callbackLeadId !== null || blocking || outOfHours) return;
      if (event.key === 'z' || event.key === 'Z') {
        if (!event.repeat && !busy) undoLastCall.undoLast();
        return;
      }
      if (!current) return;
      const button = outcomeButtons.find((item) => item.key === event.key);
      if (button) {
        event.preventDefault();
        // A key held down repeats: one press is one outcome, never one per lead down the list.
        if (!event.repeat) record(current, button);
        return;
      }
      const index = leads.findIndex((lead) => lead.id === current.id);
      const step =
        event.key === 'j' || event.key === 'ArrowDown'
          ? 1
          : event.key === 'k' || event.key === 'ArrowUp'
            ? -1
            : 0;
      const target = step === 0 ? undefined : leads[index + step];
      if (step !== 0) event.preventDefault();
      if (target) select(target.id, true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [
    blocking,
    busy,
    callbackLeadId,
    current,
    leads,
    outOfHours,
    record,
    select,
    undoLastCall.undoLast,
  ]);

  return (
    <>
      <Group justify="space-between" align="baseline" gap="xs">
        <PageTitle>{appRoutes.assessorLeads.title}</PageTitle>
        <Anchor component={Link} to={appRoutes.calls.path} size="sm">
          Minhas ligações
        </Anchor>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Suspense fallback={null}>
        <AgentStateBar />
      </Suspense>
      <ConfirmDialog
        opened={blocking !== null}
        title={blockingWords?.title ?? ''}
        message={blockingWords?.message ?? ''}
        confirmLabel={`Sim, ${blocking?.choice.label.toLowerCase() ?? ''}`}
        confirmColor="red"
        onConfirm={() => {
          if (blocking) record(blocking.lead, blocking.choice, { confirmed: true });
          setBlocking(null);
        }}
        onClose={() => {
          setBlocking(null);
          setFocusRequest((n) => n + 1);
        }}
      />
      <OutOfHoursDialog
        pending={
          outOfHours && statusOf
            ? {
                ...outOfHours,
                statusText: describeCallingStatus(outOfHours.lead, statusOf(outOfHours.lead)),
              }
            : null
        }
        onConfirm={(reason) => {
          if (outOfHours) {
            record(outOfHours.lead, outOfHours.choice, {
              ...(outOfHours.callbackAt ? { callbackAt: outOfHours.callbackAt } : {}),
              outsideWindowReason: reason,
            });
          }
          setOutOfHours(null);
        }}
        onClose={() => {
          setOutOfHours(null);
          setFocusRequest((n) => n + 1);
        }}
      />
      {myLeads.isPending ? (
        <RowsSkeleton label="Carregando seus leads" rows={4} />
      ) : myLeads.data === undefined ? (
        <QueryErrorAlert
          title="Não foi possível carregar seus leads"
          error={myLeads.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => myLeads.refetch()}
        />
      ) : (
        <Stack gap="md">
          <DayProgress today={myLeads.data.today} />
          {leads.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" ta="center">
                {emptyDayMessage}
              </Text>
            </Paper>
          ) : (
            <>
              <ShortcutHint />
              {shown.map(({ lead, group, callingText }, index) => {
                const startsGroup = shown[index - 1]?.group !== group;
                const count =
                  group === 'outsideWindow'
                    ? shown.filter((item) => item.group === 'outsideWindow').length
                    : (groups?.[group] ?? 0);
                return (
                  <Fragment key={lead.id}>
                    {startsGroup ? (
                      <Title order={2} size="h5" mt={index === 0 ? 0 : 'sm'}>
                        {shownGroupLabels[group]} ({formatInteger(count)})
                      </Title>
                    ) : null}
                    <LeadCard
                      lead={lead}
                      callingText={callingText}
                      outsideWindow={group === 'outsideWindow'}
                      current={lead.id === current?.id}
                      channel={whatsApp.channelOf(lead.id)}
                      templateId={whatsApp.templateOf(lead.id)}
                      onTemplate={(templateId) => whatsApp.pick(lead.id, templateId)}
                      dialled={dialledOf(lead)}
                      onDial={(phone) => {
                        tellCall(lead.id);
                        setDialledByLead((all) => ({ ...all, [lead.id]: phone }));
                      }}
                      note={notes[lead.id] ?? ''}
                      askingCallback={callbackLeadId === lead.id}
                      timeZone={myLeads.data.today.timeZone}
                      busy={busy}
                      error={errorByLead?.leadId === lead.id ? errorByLead.message : null}
                      onSelect={() => select(lead.id, false)}
                      onWhatsApp={() => {
                        tellCall(lead.id);
                        whatsApp.opened(lead.id);
                        setCurrentId(lead.id);
                      }}
                      onNoteChange={(note) => setNotes((all) => ({ ...all, [lead.id]: note }))}
                      onOutcome={(choice) => record(lead, choice)}
                      onCallback={(callbackAt) => record(lead, callbackChoice, { callbackAt })}
                      onCancelCallback={() => {
                        setCallbackLeadId(null);
                        setFocusRequest((n) => n + 1);
                      }}
                    />
                  </Fragment>
                );
              })}
              {leads.length < total ? (
                <Button
                  variant="light"
                  loading={myLeads.isPlaceholderData}
                  onClick={() => setLimit(leads.length + myLeadsPageSize)}
                >
                  Mostrar mais leads ({formatInteger(total - leads.length)} restantes)
                </Button>
              ) : null}
            </>
          )}
        </Stack>
      )}
    </>
  );
}
