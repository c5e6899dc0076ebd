import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

export interface ExportLinksProps {
  /** The export URL for a format, with the current filters. */
  urlFor: (format: 'csv' | 'xlsx') => string;
}

/** Exports stream a file, so the browser downloads them through plain links with the session cookie. */
export function ExportLinks({ urlFor }: ExportLinksProps) {
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={urlFor(format)}
          download
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Exportar {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
