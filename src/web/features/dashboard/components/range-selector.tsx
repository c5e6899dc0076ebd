import { SegmentedControl, Stack, Text } from '@mantine/core';
import {
  type DashboardRangeKey,
  dashboardRangeKeys,
  dashboardRanges,
} from '../../../../core/dashboard.ts';

export interface RangeSelectorProps {
  value: DashboardRangeKey;
  onChange: (range: DashboardRangeKey) => void;
}

/** The period of the call figures and of the assessors' table. */
export function RangeSelector({ value, onChange }: RangeSelectorProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="dashboard-range-label">
        Período
      </Text>
      <SegmentedControl
        aria-labelledby="dashboard-range-label"
        data={dashboardRangeKeys.map((key) => ({ value: key, label: dashboardRanges[key].label }))}
        value={value}
        onChange={(key) => onChange(key as DashboardRangeKey)}
        style={{ maxWidth: 420 }}
      />
    </Stack>
  );
}
