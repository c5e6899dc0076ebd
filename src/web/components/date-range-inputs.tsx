import { DateField } from './pt-br-pickers.tsx';

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
      <DateField label={fromLabel} value={from} max={to || undefined} onChange={onFromChange} />
      <DateField label={toLabel} value={to} min={from || undefined} onChange={onToChange} />
    </>
  );
}
