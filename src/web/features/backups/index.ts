/** What other features may use of the backups; the router loads its page directly. */
export { BackupWarning } from './components/backup-warning.tsx';
