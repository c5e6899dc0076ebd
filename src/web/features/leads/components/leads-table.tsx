import { Box, Checkbox, Loader, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { LeadSort, LeadSummary } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import { LeadStatusBadge } from './lead-status-badge.tsx';

export interface LeadsTableProps {
  leads: LeadSummary[];
  /** The list's order, told to screen readers on the column it follows. */
  sort: LeadSort;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  selectedIds: ReadonlySet<number>;
  allOfFilterSelected: boolean;
  onToggle: (id: number) => void;
  onToggleLoaded: (selected: boolean) => void;
  onOpen: (id: number) => void;
}

/** The order of "Criado em" for each list order (ids grow with creation). */
const createdOrder = { newest: 'descending', oldest: 'ascending', name: undefined } as const;

/** Start fetching the next page this many rows before the end, so scrolling rarely waits. */
const prefetchRows = 30;

/**
 * A desktop shows every column; a phone shows what an admin looks for (name and phone, status
 * and assessor, the last call and how it went) stacked in two columns that fit its width, and
 * the rest in the lead's detail.
 */
const layouts = {
  wide: {
    rowHeight: 45,
    columns: [
      { key: 'select', width: 44 },
      { key: 'name', width: 196 },
      { key: 'phone', width: 140 },
      { key: 'status', width: 140 },
      { key: 'owner', width: 150 },
      { key: 'batch', width: 64 },
      { key: 'attempts', width: 90 },
      { key: 'lastCall', width: 130 },
      { key: 'lastOutcome', width: 140 },
      { key: 'created', width: 130 },
    ],
  },
  narrow: {
    rowHeight: 84,
    columns: [
      { key: 'select', width: 40 },
      { key: 'name', width: 170 },
      { key: 'status', width: 150 },
    ],
  },
} as const;
const widthOf = (columns: readonly { width: number }[]) =>
  columns.reduce((sum, column) => sum + column.width, 0);

export const erasedLeadLabel = 'Dados apagados (LGPD)';

/** Moves the focus to the row above or below: the rows are the list's keyboard stops. */
function handleRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, open: () => void) {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const sibling =
      event.key === 'ArrowDown'
        ? event.currentTarget.nextElementSibling
        : event.currentTarget.previousElementSibling;
    if (sibling instanceof HTMLElement && sibling.tabIndex >= 0) sibling.focus();
  }
}

export function LeadsTable({
  leads,
  sort,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  selectedIds,
  allOfFilterSelected,
  onToggle,
  onToggleLoaded,
  onOpen,
}: LeadsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowScreen();
  const { rowHeight, columns } = narrow ? layouts.narrow : layouts.wide;
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  // Turning a phone sideways changes the rows' height: the list measures them again.
  useEffect(() => {
    if (rowHeight > 0) virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - prefetchRows) {
      onLoadMore();
    }
  }, [hasNextPage, isFetchingNextPage, lastIndex, leads.length, onLoadMore]);

  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);
  const loadedSelected = leads.length > 0 && leads.every((lead) => selectedIds.has(lead.id));
  const someSelected = leads.some((lead) => selectedIds.has(lead.id));

  return (
    <Box
      ref={scrollRef}
      // A phone is narrower than the table: it scrolls sideways inside this box, the page does not.
      style={{ overflow: 'auto', height: 'min(65vh, 640px)', minHeight: 280 }}
      bd="1px solid var(--mantine-color-default-border)"
      bdrs="sm"
    >
      <Table
        layout="fixed"
        stickyHeader
        highlightOnHover
        style={{ width: '100%', minWidth: narrow ? undefined : widthOf(columns) }}
        aria-label="Leads"
        aria-rowcount={hasNextPage ? -1 : leads.length + 1}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label="Selecionar os leads carregados"
                checked={allOfFilterSelected || loadedSelected}
                indeterminate={!allOfFilterSelected && !loadedSelected && someSelected}
                disabled={allOfFilterSelected || leads.length === 0}
                onChange={(event) => onToggleLoaded(event.currentTarget.checked)}
              />
            </Table.Th>
            {narrow ? (
              <>
                <Table.Th aria-sort={sort === 'name' ? 'ascending' : undefined}>
                  Nome, telefone e última ligação
                </Table.Th>
                <Table.Th>Status, assessor e resultado</Table.Th>
              </>
            ) : (
              <>
                <Table.Th aria-sort={sort === 'name' ? 'ascending' : undefined}>Nome</Table.Th>
                <Table.Th>Telefone</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Assessor</Table.Th>
                <Table.Th>Lote</Table.Th>
                <Table.Th ta="right">Ligações</Table.Th>
                <Table.Th>Última ligação</Table.Th>
                <Table.Th>Resultado</Table.Th>
                <Table.Th aria-sort={createdOrder[sort]}>Criado em</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden style={{ height: paddingTop }}>
              <td colSpan={columns.length} />
            </tr>
          ) : null}
          {virtualRows.map((virtualRow) => {
            const lead = leads[virtualRow.index];
            if (!lead) return null;
            const label = lead.erased ? erasedLeadLabel : (lead.name ?? '—');
            const name = (
              <Text
                size="sm"
                truncate
                fs={lead.erased ? 'italic' : undefined}
                c={lead.erased ? 'dimmed' : undefined}
              >
                {label}
              </Text>
            );
            const phone = lead.phone ? formatBrazilianPhone(lead.phone) : '—';
            const lastCall = lead.lastCallAt ? formatDateTime(lead.lastCallAt) : 'Sem ligação';
            const lastOutcome = lead.lastCallOutcome ? (
              <LeadStatusBadge status={lead.lastCallOutcome} />
            ) : null;
            return (
              <Table.Tr
                key={lead.id}
                data-index={virtualRow.index}
                aria-rowindex={virtualRow.index + 2}
                tabIndex={0}
                style={{ height: rowHeight, cursor: 'pointer' }}
                aria-label={`Abrir ${label}`}
                onClick={() => onOpen(lead.id)}
                onKeyDown={(event) => handleRowKeyDown(event, () => onOpen(lead.id))}
              >
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={`Selecionar ${label}`}
                    checked={allOfFilterSelected || selectedIds.has(lead.id)}
                    disabled={allOfFilterSelected}
                    onChange={() => onToggle(lead.id)}
                  />
                </Table.Td>
                {narrow ? (
                  <>
                    <Table.Td>
                      {name}
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {phone}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {lastCall}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <LeadStatusBadge status={lead.status} />
                      <Text size="xs" c="dimmed" truncate>
                        {lead.ownerName ?? '—'}
                      </Text>
                      {/* The status is that outcome already, unless the lead moved on since. */}
                      {lead.lastCallOutcome !== lead.status ? lastOutcome : null}
                    </Table.Td>
                  </>
                ) : (
                  <>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{phone}</Table.Td>
                    <Table.Td>
                      <LeadStatusBadge status={lead.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate>
                        {lead.ownerName ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{lead.batchId ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatInteger(lead.attempts)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {lead.lastCallAt ? formatDateTime(lead.lastCallAt) : '—'}
                    </Table.Td>
                    <Table.Td>{lastOutcome ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(lead.createdAt)}
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden style={{ height: paddingBottom }}>
              <td colSpan={columns.length} />
            </tr>
          ) : null}
          {isFetchingNextPage ? (
            <tr>
              <td colSpan={columns.length} style={{ textAlign: 'center', padding: 12 }}>
                <Loader size="sm" aria-label="Carregando mais leads" />
              </td>
            </tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
