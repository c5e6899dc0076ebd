import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import type { Uf } from '../../../../core/brazil-calendar.ts';
import type { CallingCalendar, ExtraHoliday } from '../../../../core/calling-windows.ts';
import { ufs } from '../../../../core/lead-fields.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { DateField } from '../../../components/pt-br-pickers.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { SaveChangesBar } from '../../../components/save-changes-bar.tsx';
import { useCallingCalendar } from '../api/get-calling-calendar.ts';
import { useUpdateCallingCalendar } from '../api/update-calling-calendar.ts';
import { CallingRuleEditor, describeRule } from '../components/calling-rule-editor.tsx';

type Scope = 'national' | Uf;

const formatDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

function CallingCalendarEditor({
  saved,
  defaults,
}: {
  saved: CallingCalendar;
  defaults: CallingCalendar['rules'];
}) {
  const [draft, setDraft] = useState(saved);
  const [scope, setScope] = useState<Scope>('national');
  const [holiday, setHoliday] = useState<ExtraHoliday>({ day: '', name: '', uf: null });
  const update = useUpdateCallingCalendar();
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  const rule = scope === 'national' ? draft.rules.national : draft.rules.byUf[scope];
  const setRule = (next: CallingCalendar['rules']['national'] | undefined) =>
    setDraft((current) => {
      if (scope === 'national') {
        return next ? { ...current, rules: { ...current.rules, national: next } } : current;
      }
      const { [scope]: _, ...others } = current.rules.byUf;
      return {
        ...current,
        rules: { ...current.rules, byUf: next ? { ...others, [scope]: next } : others },
      };
    });
  const defaultRule = scope === 'national' ? defaults.national : defaults.byUf[scope];

  const save = () =>
    update.mutate(draft, {
      onSuccess: (answer) => {
        setDraft({ rules: answer.rules, holidays: answer.holidays });
        notifications.show({ color: 'green', message: 'Horários de ligação salvos.' });
      },
    });

  return (
    <Stack gap="xl">
      <PageSection id="regras" title="Horário de cada estado">
        <Stack gap="md">
          <Text size="sm">
            Cada lead é ligado no horário do estado do seu telefone (pelo DDD; sem DDD conhecido,
            pela UF importada ou pelo horário de Brasília). Fora do horário, o lead desce para o fim
            da lista do assessor e a ligação pede um motivo, que fica nas ligações.
          </Text>
          <Select
            label="Regra de"
            allowDeselect={false}
            w={280}
            data={[
              { value: 'national', label: 'Todos os estados sem regra própria' },
              ...ufs.map((uf) => ({
                value: uf,
                label: `${uf}${draft.rules.byUf[uf] ? ' (regra própria)' : ''}`,
              })),
            ]}
            value={scope}
            onChange={(value) => value && setScope(value as Scope)}
          />
          {rule ? (
            <CallingRuleEditor rule={rule} onChange={setRule} />
          ) : (
            <Text size="sm" c="dimmed">
              {scope} segue a regra dos estados sem regra própria.
            </Text>
          )}
          <Group gap="sm">
            {scope !== 'national' && !rule ? (
              <Button
                variant="default"
                onClick={() => setRule({ ...draft.rules.national, law: null })}
              >
                Criar regra própria para {scope}
              </Button>
            ) : null}
            {scope !== 'national' && rule ? (
              <Button variant="default" onClick={() => setRule(undefined)}>
                Usar a regra geral em {scope}
              </Button>
            ) : null}
            {defaultRule && JSON.stringify(defaultRule) !== JSON.stringify(rule) ? (
              <Button variant="subtle" onClick={() => setRule(defaultRule)}>
                Restaurar o padrão do CCA
              </Button>
            ) : null}
          </Group>
        </Stack>
      </PageSection>

      <PageSection id="em-vigor" title="Regras em vigor">
        {/* Three columns that wrap: on a phone too the table fits, with nothing to scroll. */}
        <Table aria-label="Regras em vigor" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>UF</Table.Th>
              <Table.Th>Horário</Table.Th>
              <Table.Th>Lei</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[
              ['Demais', draft.rules.national] as const,
              ...Object.entries(draft.rules.byUf).sort(([left], [right]) =>
                left.localeCompare(right),
              ),
            ].map(([uf, inForce]) =>
              inForce ? (
                <Table.Tr key={uf}>
                  <Table.Td>{uf}</Table.Td>
                  <Table.Td>{describeRule(inForce)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{inForce.law ?? 'Regra da casa'}</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null,
            )}
          </Table.Tbody>
        </Table>
      </PageSection>

      <PageSection id="feriados" title="Feriados estaduais, municipais e da empresa">
        <Stack gap="md">
          <Text size="sm">
            Os feriados nacionais (com Carnaval, Sexta-feira Santa e Corpus Christi) são calculados
            para qualquer ano. Acrescente aqui os estaduais, os municipais (valem para os leads
            daquela cidade, pela coluna Cidade) e os da empresa.
          </Text>
          {draft.holidays.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum feriado acrescentado.
            </Text>
          ) : (
            <Table aria-label="Feriados acrescentados" verticalSpacing={4}>
              <Table.Tbody>
                {draft.holidays.map((item) => (
                  <Table.Tr key={`${item.day}-${item.uf}-${item.city ?? ''}`}>
                    <Table.Td w={110}>{formatDay(item.day)}</Table.Td>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>
                      {item.uf === null
                        ? 'Todas'
                        : item.city
                          ? `${item.city} (${item.uf})`
                          : item.uf}
                    </Table.Td>
                    <Table.Td w={100}>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Retirar ${item.name} (${formatDay(item.day)})`}
                        onClick={() =>
                          setDraft((current) => ({
                            ...current,
                            holidays: current.holidays.filter((other) => other !== item),
                          }))
                        }
                      >
                        Retirar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group align="flex-end" gap="sm">
            <DateField
              label="Data"
              value={holiday.day}
              onChange={(day) => setHoliday({ ...holiday, day })}
              w={150}
            />
            <TextInput
              label="Nome"
              maxLength={120}
              value={holiday.name}
              onChange={(event) => setHoliday({ ...holiday, name: event.currentTarget.value })}
            />
            <Select
              label="UF"
              w={140}
              allowDeselect={false}
              data={[
                { value: 'all', label: 'Todas' },
                ...ufs.map((uf) => ({ value: uf, label: uf })),
              ]}
              value={holiday.uf ?? 'all'}
              onChange={(value) =>
                setHoliday({
                  ...holiday,
                  uf: !value || value === 'all' ? null : (value as Uf),
                  city: !value || value === 'all' ? null : holiday.city,
                })
              }
            />
            <TextInput
              label="Cidade (opcional)"
              description={holiday.uf === null ? 'Escolha a UF antes.' : undefined}
              maxLength={120}
              disabled={holiday.uf === null}
              value={holiday.city ?? ''}
              onChange={(event) => setHoliday({ ...holiday, city: event.currentTarget.value })}
            />
            <Button
              variant="default"
              disabled={holiday.day === '' || holiday.name.trim() === ''}
              onClick={() => {
                setDraft((current) => ({
                  ...current,
                  holidays: [
                    ...current.holidays,
                    { ...holiday, name: holiday.name.trim(), city: holiday.city?.trim() || null },
                  ],
                }));
                setHoliday({ day: '', name: '', uf: holiday.uf, city: holiday.city });
              }}
            >
              Acrescentar feriado
            </Button>
          </Group>
        </Stack>
      </PageSection>

      <SaveChangesBar
        saveLabel="Salvar horários e feriados"
        changed={changed}
        saving={update.isPending}
        error={update.error}
        onSave={save}
        onDiscard={() => setDraft(saved)}
      />
    </Stack>
  );
}

export function CallingCalendarPage() {
  const calendar = useCallingCalendar();
  return (
    <>
      <PageTitle>{appRoutes.callingHours.title}</PageTitle>
      {calendar.isPending ? (
        <RowsSkeleton label="Carregando os horários" />
      ) : calendar.isError ? (
        <QueryErrorAlert
          title="Não foi possível carregar os horários"
          error={calendar.error}
          onRetry={() => calendar.refetch()}
        />
      ) : (
        <CallingCalendarEditor
          saved={{ rules: calendar.data.rules, holidays: calendar.data.holidays }}
          defaults={calendar.data.defaults}
        />
      )}
    </>
  );
}
