import { Box, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DistributionOverview } from '../../../../core/distribution.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import { isBacklogged } from './distribution-preview.ts';

const maxQuantity = 1000;

export interface AssessorQuantitiesProps {
  assessors: DistributionOverview['assessors'];
  quantityOf: (assessorId: string) => number;
  onChange: (assessorId: string, quantity: number) => void;
  onApplyToAll: (quantity: number) => void;
}

function toQuantity(value: string | number): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return 0;
  return Math.min(maxQuantity, Math.max(0, Math.trunc(number)));
}

export function AssessorQuantities({
  assessors,
  quantityOf,
  onChange,
  onApplyToAll,
}: AssessorQuantitiesProps) {
  const [forAll, setForAll] = useState<number | string>('');
  // On a phone the day's figures go under the name, so the quantity stays within reach.
  const narrow = useNarrowScreen();
  const pending = (assessor: AssessorQuantitiesProps['assessors'][number]) =>
    isBacklogged(assessor) ? (
      <Text span fw={700} c="orange.8" inherit>
        {formatInteger(assessor.pendingEarlier)}
      </Text>
    ) : (
      formatInteger(assessor.pendingEarlier)
    );

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Quantidade para todos"
          value={forAll}
          onChange={setForAll}
          min={0}
          max={maxQuantity}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          w={200}
        />
        <Button
          variant="default"
          disabled={forAll === ''}
          onClick={() => onApplyToAll(toQuantity(forAll))}
        >
          Aplicar a todos
        </Button>
      </Group>
      {assessors.length === 0 ? (
        <Text c="dimmed">Nenhum assessor ativo.</Text>
      ) : (
        <Box style={narrow ? undefined : { overflowX: 'auto' }}>
          <Table
            aria-label="Assessores"
            miw={narrow ? undefined : 640}
            layout={narrow ? 'fixed' : undefined}
            verticalSpacing="xs"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Assessor</Table.Th>
                {narrow ? null : (
                  <>
                    <Table.Th ta="right">Recebidos hoje</Table.Th>
                    <Table.Th ta="right">Trabalhados hoje</Table.Th>
                    <Table.Th ta="right">Pendentes de dias anteriores</Table.Th>
                  </>
                )}
                <Table.Th w={narrow ? 112 : 160}>Quantidade</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assessors.map((assessor) => (
                <Table.Tr key={assessor.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {assessor.name}
                    <Text size="xs" c="dimmed">
                      Cota diária: {formatInteger(assessor.dailyQuota)}
                    </Text>
                    {narrow ? (
                      <Stack gap={0}>
                        <Text size="xs">
                          Recebidos hoje: {formatInteger(assessor.receivedToday)}
                        </Text>
                        <Text size="xs">
                          Trabalhados hoje: {formatInteger(assessor.workedToday)}
                        </Text>
                        <Text size="xs">Pendentes de dias anteriores: {pending(assessor)}</Text>
                      </Stack>
                    ) : null}
                  </Table.Td>
                  {narrow ? null : (
                    <>
                      <Table.Td ta="right">{formatInteger(assessor.receivedToday)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(assessor.workedToday)}</Table.Td>
                      <Table.Td ta="right">{pending(assessor)}</Table.Td>
                    </>
                  )}
                  <Table.Td>
                    <NumberInput
                      aria-label={`Quantidade para ${assessor.name}`}
                      value={quantityOf(assessor.id)}
                      onChange={(value) => onChange(assessor.id, toQuantity(value))}
                      min={0}
                      max={maxQuantity}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator="."
                      decimalSeparator=","
                      size="sm"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </>
  );
}
