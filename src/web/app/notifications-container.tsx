import { Notifications } from '@mantine/notifications';

/** Where notifications show; loaded by AppNotifications with the first one. */
export function NotificationsContainer() {
  return <Notifications position="bottom-right" limit={4} />;
}
