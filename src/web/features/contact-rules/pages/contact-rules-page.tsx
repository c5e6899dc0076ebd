import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import {
  type AfterLastTry,
  afterLastTries,
  afterLastTryLabels,
  type ContactRules,
  type RetryKey,
  retryKeyLabels,
  retryKeys,
} from '../../../../core/contact-rules.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { SaveChangesBar } from '../../../components/save-changes-bar.tsx';
import { useContactRules } from '../api/get-contact-rules.ts';
import { useUpdateContactRules } from '../api/update-contact-rules.ts';

const afterLastOptions = afterLastTries.map((value) => ({
  value,
  label: afterLastTryLabels[value],
}));

/** A whole number typed in a NumberInput; an empty box keeps the last value. */
const wholeNumber = (value: string | number, previous: number) =>
  typeof value === 'number' ? value : previous;

function ContactRulesEditor({ saved, defaults }: { saved: ContactRules; defaults: ContactRules }) {
  const [draft, setDraft] = useState(saved);
  const update = useUpdateContactRules();
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const setRetry = (key: RetryKey, change: Partial<ContactRules['retry']['no_answer']>) =>
    setDraft((current) => ({
      ...current,
      retry: { ...current.retry, [key]: { ...current.retry[key], ...change } },
    }));

  const save = () =>
    update.mutate(draft, {
      onSuccess: (answer) => {
        setDraft(answer.rules);
        notifications.show({ color: 'green', message: 'Regras de nova tentativa salvas.' });
      },
    });

  return (
    <Stack gap="xl">
      <PageSection id="tentativas" title="Nova tentativa por resultado">
        <Text size="sm" mb="md">
          Depois de cada ligação sem conclusão, o lead sai da lista do assessor até a próxima
          tentativa e volta sozinho na hora certa. Contam as tentativas com o mesmo assessor; na
          última, o lead segue o que está escolhido.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {retryKeys.map((key) => {
            const rule = draft.retry[key];
            return (
              <Paper key={key} withBorder radius="md" p="md" component="fieldset">
                <Title order={3} size="h5" component="legend" px={4}>
                  {retryKeyLabels[key]}
                </Title>
                <Stack gap="xs">
                  {'delayMinutes' in rule ? (
                    <NumberInput
                      label="Tentar de novo depois de (minutos)"
                      min={1}
                      max={30 * 24 * 60}
                      allowDecimal={false}
                      value={rule.delayMinutes}
                      onChange={(value) =>
                        setRetry(key, { delayMinutes: wholeNumber(value, rule.delayMinutes) })
                      }
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      Tenta de novo na data e hora combinadas com o cliente.
                    </Text>
                  )}
                  <NumberInput
                    label="Máximo de tentativas"
                    min={1}
                    max={50}
                    allowDecimal={false}
                    value={rule.maxTries}
                    onChange={(value) =>
                      setRetry(key, { maxTries: wholeNumber(value, rule.maxTries) })
                    }
                  />
                  <Select
                    label="Depois da última tentativa"
                    allowDeselect={false}
                    data={afterLastOptions}
                    value={rule.afterLast}
                    onChange={(value) =>
                      value && setRetry(key, { afterLast: value as AfterLastTry })
                    }
                  />
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </PageSection>

      <PageSection id="limites" title="Limite de ligações por lead">
        <Text size="sm" mb="md">
          Valem para qualquer resultado e qualquer assessor. O dia é o do estado do telefone do
          lead. Um lead no limite sai da lista até poder ser ligado de novo.
        </Text>
        <Group align="flex-start">
          <NumberInput
            label="Ligações por dia"
            w={200}
            min={1}
            max={50}
            allowDecimal={false}
            value={draft.caps.perDay}
            onChange={(value) =>
              setDraft((current) => ({
                ...current,
                caps: { ...current.caps, perDay: wholeNumber(value, current.caps.perDay) },
              }))
            }
          />
          <NumberInput
            label="Ligações em 7 dias"
            w={200}
            min={1}
            max={200}
            allowDecimal={false}
            value={draft.caps.perWeek}
            onChange={(value) =>
              setDraft((current) => ({
                ...current,
                caps: { ...current.caps, perWeek: wholeNumber(value, current.caps.perWeek) },
              }))
            }
          />
        </Group>
      </PageSection>

      <PageSection id="atrasados" title="Retornos atrasados">
        <Stack gap="sm">
          <NumberInput
            label="Um retorno está atrasado depois de (minutos)"
            w={{ base: '100%', xs: 360 }}
            min={5}
            max={7 * 24 * 60}
            allowDecimal={false}
            value={draft.overdueCallbacks.afterMinutes}
            onChange={(value) =>
              setDraft((current) => ({
                ...current,
                overdueCallbacks: {
                  ...current.overdueCallbacks,
                  afterMinutes: wholeNumber(value, current.overdueCallbacks.afterMinutes),
                },
              }))
            }
          />
          <Switch
            label="Devolver os retornos atrasados ao pool automaticamente"
            checked={draft.overdueCallbacks.returnToPool}
            onChange={(event) => {
              const returnToPool = event.currentTarget.checked;
              setDraft((current) => ({
                ...current,
                overdueCallbacks: { ...current.overdueCallbacks, returnToPool },
              }));
            }}
          />
          <Anchor component={Link} to={`${appRoutes.leadList.path}?retornosAtrasados=1`} size="sm">
            Ver os retornos atrasados na lista de leads
          </Anchor>
        </Stack>
      </PageSection>

      <SaveChangesBar
        saveLabel="Salvar regras"
        changed={changed}
        saving={update.isPending}
        error={update.error}
        onSave={save}
        onDiscard={() => setDraft(saved)}
      >
        {JSON.stringify(draft) !== JSON.stringify(defaults) ? (
          <Button variant="subtle" onClick={() => setDraft(defaults)}>
            Restaurar o padrão do CCA
          </Button>
        ) : null}
      </SaveChangesBar>
    </Stack>
  );
}

export function ContactRulesPage() {
  const rules = useContactRules();
  return (
    <>
      <PageTitle>{appRoutes.contactRules.title}</PageTitle>
      {rules.isPending ? (
        <RowsSkeleton label="Carregando as regras" />
      ) : rules.isError ? (
        <QueryErrorAlert
          title="Não foi possível carregar as regras"
          error={rules.error}
          onRetry={() => rules.refetch()}
        />
      ) : (
        <ContactRulesEditor saved={rules.data.rules} defaults={rules.data.defaults} />
      )}
    </>
  );
}
