import { Text } from '@mantine/core';

export function ComingSoon() {
  return <Text c="dimmed">Esta página está em preparação. Em breve.</Text>;
}
