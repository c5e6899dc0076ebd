import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import {
  columnMappingSchema,
  type ImportPreview,
  type LeadField,
  type LegalBasis,
  leadFieldLabels,
  leadFields,
  legalBases,
  legalBasisLabels,
} from '../../../../core/imports.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { usePreviewImport } from '../api/preview-import.ts';
import { useStartImport } from '../api/start-import.ts';

/** The server's default limit; a bigger configured limit still lets bigger files through. */
const sizeLimitLabel = '100 MB';
const keepAsExtra = 'extra';

type ColumnChoices = Record<string, LeadField | typeof keepAsExtra>;

const fieldOptions = [
  ...leadFields.map((field) => ({ value: field, label: leadFieldLabels[field] })),
  { value: keepAsExtra, label: 'Manter como coluna extra' },
];

function choicesFromPreview(preview: ImportPreview): ColumnChoices {
  return Object.fromEntries(
    preview.columns.map((column) => [column, preview.mapping[column] ?? keepAsExtra]),
  );
}

function mappingFromChoices(choices: ColumnChoices) {
  return Object.fromEntries(
    Object.entries(choices).filter(
      (entry): entry is [string, LeadField] => entry[1] !== keepAsExtra,
    ),
  );
}

export interface ImportFormProps {
  onStarted: (batchId: number) => void;
}

export function ImportForm({ onStarted }: ImportFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<ColumnChoices>({});
  const [source, setSource] = useState('');
  const [legalBasis, setLegalBasis] = useState<LegalBasis | null>(null);
  const [fillEmptyFields, setFillEmptyFields] = useState(false);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const preview = usePreviewImport();
  const startImport = useStartImport();

  function handleFileChange(chosen: File | null) {
    setFile(chosen);
    setMappingError(null);
    startImport.reset();
    preview.reset();
    if (!chosen) return;
    setSource(chosen.name);
    preview.mutate(chosen, { onSuccess: (answer) => setChoices(choicesFromPreview(answer)) });
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!file || !preview.data) return;
    const mapping = columnMappingSchema.safeParse(mappingFromChoices(choices));
    if (!mapping.success) {
      setMappingError(mapping.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    if (legalBasis === null) {
      setMappingError('Informe a base legal (LGPD) da lista.');
      return;
    }
    setMappingError(null);
    setUploaded(0);
    startImport.mutate(
      {
        file,
        mapping: mapping.data,
        source: source.trim() === '' ? file.name : source.trim(),
        legalBasis,
        fillEmptyFields,
        onProgress: setUploaded,
      },
      {
        onSuccess: ({ id }) => {
          onStarted(id);
          setFile(null);
          setChoices({});
          setSource('');
          setLegalBasis(null);
          setFillEmptyFields(false);
          preview.reset();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FileInput
          label="Arquivo"
          description={`CSV (separado por ; , ou tabulação) ou Excel (.xlsx), até ${sizeLimitLabel}.`}
          placeholder="Escolha um arquivo"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={file}
          onChange={handleFileChange}
          clearable
        />

        {preview.isPending ? (
          <Stack gap="xs" aria-label="Lendo o arquivo">
            <Skeleton h={32} />
            <Skeleton h={32} />
            <Skeleton h={32} />
          </Stack>
        ) : null}
        {preview.isError ? (
          <Alert color="red" variant="light" role="alert" title="Não foi possível ler o arquivo">
            {preview.error.message}
          </Alert>
        ) : null}

        {preview.data ? (
          <PreviewTable
            preview={preview.data}
            choices={choices}
            onChoiceChange={(column, value) =>
              setChoices((current) => ({ ...current, [column]: value }))
            }
          />
        ) : null}

        {preview.data ? (
          <>
            <TextInput
              label="Origem"
              description="De onde vem a lista (campanha, fornecedor…). Aparece nos lotes e nos filtros."
              value={source}
              maxLength={200}
              onChange={(event) => setSource(event.currentTarget.value)}
            />
            <NativeSelect
              label="Base legal (LGPD)"
              description="Por que a empresa pode guardar e usar estes contatos. Fica registrada em cada lead da lista."
              required
              data={[
                { value: '', label: 'Escolha a base legal' },
                ...legalBases.map((value) => ({ value, label: legalBasisLabels[value] })),
              ]}
              value={legalBasis ?? ''}
              onChange={(event) =>
                setLegalBasis((event.currentTarget.value || null) as LegalBasis | null)
              }
            />
            <Checkbox
              label="Atualizar campos vazios de leads já cadastrados"
              description="Um telefone que já existe não cria outro lead; com esta opção, os campos vazios dele recebem os dados do arquivo."
              checked={fillEmptyFields}
              onChange={(event) => setFillEmptyFields(event.currentTarget.checked)}
            />
            {mappingError ? (
              <Alert color="red" variant="light" role="alert">
                {mappingError}
              </Alert>
            ) : null}
            {startImport.isError ? (
              <Alert color="red" variant="light" role="alert" title="A importação não começou">
                {startImport.error.message}
              </Alert>
            ) : null}
            {startImport.isPending ? (
              <Stack gap={4}>
                <Text size="sm">Enviando o arquivo… {Math.round(uploaded * 100)}%</Text>
                <Progress value={uploaded * 100} aria-label="Envio do arquivo" />
              </Stack>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={startImport.isPending}>
                Importar
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </form>
  );
}

interface PreviewTableProps {
  preview: ImportPreview;
  choices: ColumnChoices;
  onChoiceChange: (column: string, value: ColumnChoices[string]) => void;
}

function PreviewTable({ preview, choices, onChoiceChange }: PreviewTableProps) {
  const details = [
    preview.format === 'xlsx' ? 'Excel (.xlsx)' : 'CSV',
    preview.encoding ? `codificação ${preview.encoding}` : null,
    preview.delimiter ? `separador ${describeDelimiter(preview.delimiter)}` : null,
  ].filter(Boolean);

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {details.join(' · ')} · {formatInteger(preview.columns.length)} colunas. Confira a que campo
        cada coluna corresponde; as colunas extras ficam guardadas com o lead. Várias colunas podem
        ser Telefone ou WhatsApp: o lead guarda todos os números válidos.
      </Text>
      <Table.ScrollContainer minWidth={Math.max(360, preview.columns.length * 170)} type="native">
        <Table striped withTableBorder withColumnBorders verticalSpacing="xs" aria-label="Prévia">
          <Table.Thead>
            <Table.Tr>
              {preview.columns.map((column) => (
                <Table.Th key={column} miw={160}>
                  <NativeSelect
                    size="xs"
                    aria-label={`Campo da coluna ${column}`}
                    data={fieldOptions}
                    value={choices[column] ?? keepAsExtra}
                    onChange={(event) =>
                      onChoiceChange(column, event.currentTarget.value as ColumnChoices[string])
                    }
                  />
                </Table.Th>
              ))}
            </Table.Tr>
            <Table.Tr>
              {preview.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row, rowIndex) => (
              // Preview rows have no identity of their own; their order never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={rowIndex}>
                {preview.columns.map((column, columnIndex) => (
                  <Table.Td key={column}>{row[columnIndex] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function describeDelimiter(delimiter: string) {
  if (delimiter === '\t') return 'tabulação';
  if (delimiter === ';') return 'ponto e vírgula (;)';
  if (delimiter === ',') return 'vírgula (,)';
  return `"${delimiter}"`;
}
