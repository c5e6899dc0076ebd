import { TextInput } from '@mantine/core';

export interface DateRangeInputsProps {
  fromLabel: string;
  toLabel: string;
  /** AAAA-MM-DD, or '' when open. */
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}

/** Two date fields of a filter, each bounding the other. */
export function DateRangeInputs({
  fromLabel,
  toLabel,
  from,
  to,
  onFromChange,
  onToChange,
}: DateRangeInputsProps) {
  return (
    <>
      <TextInput
        label={fromLabel}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => onFromChange(event.currentTarget.value)}
      />
      <TextInput
        label={toLabel}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => onToChange(event.currentTarget.value)}
      />
    </>
  );
}
