import { Alert, Autocomplete, Button, FileInput, Group, Progress, Stack } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type BlockListLoadResult,
  type BlockListSource,
  blockListNameKey,
} from '../../../../core/block-lists.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { DateField } from '../../../components/pt-br-pickers.tsx';
import { useLoadBlockList } from '../api/load-block-list.ts';
import { formatListDate } from './list-date.ts';

/** Today in the browser's zone, as a date field holds it. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const plural = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

function LoadResult({ result }: { result: BlockListLoadResult }) {
  const { source } = result;
  const ignored =
    result.ignoredRows === 0
      ? null
      : `${plural(result.ignoredRows, 'linha sem telefone ignorada', 'linhas sem telefone ignoradas')} (${result.ignoredRowExamples.join(', ')}${result.ignoredRows > result.ignoredRowExamples.length ? '…' : ''}).`;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={`Lista "${source.name}" de ${formatListDate(source.listDate)} ${result.replaced ? 'substituída' : 'carregada'}`}
    >
      {plural(source.phoneCount, 'número na lista', 'números na lista')}:{' '}
      {plural(result.added, 'novo', 'novos')}
      {result.replaced ? `, ${plural(result.removed, 'retirado', 'retirados')}` : ''}.{' '}
      {result.leadsBlocked === 0
        ? 'Nenhum lead da base tinha esses números.'
        : `${plural(result.leadsBlocked, 'lead saiu', 'leads saíram')} de circulação (status "Não ligar").`}{' '}
      {ignored}
    </Alert>
  );
}

export function LoadBlockListForm({ sources }: { sources: BlockListSource[] }) {
  const [name, setName] = useState('');
  const [listDate, setListDate] = useState(today);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<BlockListLoadResult | null>(null);
  const loadBlockList = useLoadBlockList();
  const existing = sources.find(
    (source) => blockListNameKey(source.name) === blockListNameKey(name),
  );

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    setProgress(0);
    loadBlockList.mutate(
      { name, listDate, file, onProgress: setProgress },
      {
        onSuccess: (loaded) => {
          setResult(loaded);
          setFile(null);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
          <Autocomplete
            label="Nome da lista"
            description={
              existing
                ? `Já existe: o arquivo substitui os ${formatInteger(existing.phoneCount)} números dela.`
                : 'Por exemplo: Procon-SP, Procon-RJ, Lista própria.'
            }
            placeholder="Procon-SP"
            data={sources.map((source) => source.name)}
            value={name}
            onChange={setName}
            maxLength={80}
            required
            miw={240}
          />
          <DateField
            label="Data da lista"
            description="Quando a lista foi publicada ou exportada."
            value={listDate}
            max={today()}
            onChange={setListDate}
            clearable={false}
            required
            miw={180}
          />
        </Group>
        <FileInput
          label="Arquivo de telefones"
          description="TXT ou CSV com um telefone por linha, ou colunas de DDD e número; também Excel (.xlsx). Qualquer forma de escrever: (11) 98765-4321, 11987654321, +55 11…"
          placeholder="Escolha um arquivo"
          accept=".txt,.csv,.xlsx,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileText size={18} aria-hidden />}
          value={file}
          onChange={setFile}
          clearable
          required
        />
        {loadBlockList.isPending ? (
          <Progress
            value={progress * 100}
            animated
            aria-label={progress < 1 ? 'Enviando o arquivo' : 'Aplicando a lista'}
          />
        ) : null}
        {loadBlockList.isError ? (
          <Alert color="red" variant="light" role="alert" title="A lista não foi carregada">
            {loadBlockList.error.message} Nada foi alterado.
          </Alert>
        ) : null}
        {result ? <LoadResult result={result} /> : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            color="red"
            disabled={!file || name.trim() === '' || listDate === ''}
            loading={loadBlockList.isPending}
          >
            {existing ? 'Substituir lista' : 'Carregar lista'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
