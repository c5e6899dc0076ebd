import { Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  daysBetween,
  type ReportGrouping,
  type ReportPreset,
  reportGroupings,
  reportMaxDays,
  reportPresetKeys,
  reportPresets,
} from '../../../../core/reports.ts';
import { DateField } from '../../../components/pt-br-pickers.tsx';
import type { ReportRequest } from '../api/report-request.ts';

export interface ReportControlsProps {
  request: ReportRequest;
  /** The days the report shows (a preset's, once read). */
  period: { from: string; to: string } | undefined;
  onChange: (next: ReportRequest) => void;
}

/** The period (a preset, or from and to) and whether the rows are assessors or teams. */
export function ReportControls({ request, period, onChange }: ReportControlsProps) {
  const preset = 'period' in request ? request.period : '';
  const [from, setFrom] = useState(period?.from ?? '');
  const [to, setTo] = useState(period?.to ?? '');
  const [shown, setShown] = useState(period);
  if (period && (period.from !== shown?.from || period.to !== shown?.to)) {
    setShown(period);
    setFrom(period.from);
    setTo(period.to);
  }
  const tooLong = from && to && from <= to && daysBetween(from, to) > reportMaxDays;
  const pick = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (
      nextFrom &&
      nextTo &&
      nextFrom <= nextTo &&
      daysBetween(nextFrom, nextTo) <= reportMaxDays
    ) {
      onChange({ from: nextFrom, to: nextTo, by: request.by });
    }
  };
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="report-preset-label">
          Período
        </Text>
        <Chip.Group
          multiple={false}
          value={preset}
          onChange={(value) => onChange({ period: value as ReportPreset, by: request.by })}
        >
          <Group gap="xs" role="radiogroup" aria-labelledby="report-preset-label">
            {reportPresetKeys.map((key) => (
              <Chip key={key} value={key} size="sm">
                {reportPresets[key]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateField
          label="De"
          value={from}
          max={to || undefined}
          clearable={false}
          onChange={(value) => pick(value, to)}
          style={{ width: 160 }}
        />
        <DateField
          label="Até"
          value={to}
          min={from || undefined}
          clearable={false}
          onChange={(value) => pick(from, value)}
          error={tooLong ? `No máximo ${reportMaxDays} dias.` : undefined}
          style={{ width: 160 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-grouping-label">
            Ver por
          </Text>
          <SegmentedControl
            aria-labelledby="report-grouping-label"
            data={Object.entries(reportGroupings).map(([value, label]) => ({ value, label }))}
            value={request.by}
            onChange={(by) => onChange({ ...request, by: by as ReportGrouping })}
          />
        </Stack>
      </Group>
    </Stack>
  );
}
