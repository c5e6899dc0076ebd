import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The container brings transitions, swipe gestures and scroll locking (about 12 kB gzipped) that
// most visits, and the sign-in pages above all, never use: it comes with the first notification,
// which the store keeps until then.
const NotificationsContainer = lazy(() =>
  import('./notifications-container.tsx').then((module) => ({
    default: module.NotificationsContainer,
  })),
);

export function AppNotifications() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}
