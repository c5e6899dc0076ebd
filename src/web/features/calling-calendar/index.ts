/** What other features may use of the calling calendar; the router loads its page directly. */
export {
  describeCallingStatus,
  useCallingStatus,
} from './components/use-calling-status.ts';
