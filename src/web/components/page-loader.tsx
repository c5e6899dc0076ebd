import { Center, Loader } from '@mantine/core';

export interface PageLoaderProps {
  fullScreen?: boolean;
}

export function PageLoader({ fullScreen = true }: PageLoaderProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Loader aria-label="Carregando" />
    </Center>
  );
}
