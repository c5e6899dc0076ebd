import { Button, Group } from '@mantine/core';

/** A filter bar's "Limpar filtros", shown while some filter is set. */
export function ClearFiltersButton({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Group justify="flex-end" mt="xs">
      <Button size="compact-sm" variant="subtle" onClick={onClear}>
        Limpar filtros
      </Button>
    </Group>
  );
}
