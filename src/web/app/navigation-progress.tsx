import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';

/** Pages load on demand: a thin bar tells the user the click was heard while a page's code arrives. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      aria-label="Carregando página"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
