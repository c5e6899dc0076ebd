import { Badge, Table, Text, Tooltip } from '@mantine/core';
import type { Backup } from '../../../../core/backups.ts';
import { formatDateTime, formatFileSize, formatInteger } from '../../../components/pt-br-format.ts';

function Verification({ backup }: { backup: Backup }) {
  const verification = backup.verification;
  if (!verification) return <Badge color="gray">Não verificado</Badge>;
  if (verification.ok) return <Badge color="green">Verificado</Badge>;
  return (
    <Tooltip label={verification.error ?? 'Falhou'} multiline maw={360}>
      <Badge color="red">Falhou na verificação</Badge>
    </Tooltip>
  );
}

export function BackupsTable({ backups }: { backups: Backup[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Feito em</Table.Th>
            <Table.Th>Tamanho</Table.Th>
            <Table.Th>Linhas</Table.Th>
            <Table.Th>Verificação</Table.Th>
            <Table.Th>Arquivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backups.map((backup) => (
            <Table.Tr key={backup.name}>
              <Table.Td>{formatDateTime(backup.createdAt)}</Table.Td>
              <Table.Td>{formatFileSize(backup.sizeBytes)}</Table.Td>
              <Table.Td>{formatInteger(backup.rows)}</Table.Td>
              <Table.Td>
                <Verification backup={backup} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {backup.name}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
