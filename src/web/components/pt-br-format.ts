/** Numbers and dates as people in Brazil read them: 1.234,5 and dd/mm/aaaa 24 h. */
const integerFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimalFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const dateTimeFormatter = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateFormatter = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function formatInteger(value: number): string {
  return integerFormatter.format(value);
}

export function formatDecimal(value: number): string {
  return decimalFormatter.format(value);
}

/** `2026-03-05T14:07:00Z` → `05/03/2026 11:07` in the browser's time zone. */
export function formatDateTime(iso: string): string {
  // Intl puts a comma between date and time in pt-BR; Brazilian screens usually show none.
  return dateTimeFormatter.format(new Date(iso)).replace(', ', ' ');
}

export function formatDate(iso: string): string {
  return dateFormatter.format(new Date(iso));
}

/** 8 → `8 s`, 95 → `1 min 35 s`, 3720 → `1 h 2 min`. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = seconds % 60;
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return restMinutes === 0 ? `${hours} h` : `${hours} h ${restMinutes} min`;
}

/** 104857600 → `100 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatInteger(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024)} KB`;
  return `${formatDecimal(bytes / (1024 * 1024))} MB`;
}
