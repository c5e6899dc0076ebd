/** What other features may use of the users; the router loads its page directly. */
export {
  useAssessorOptions,
  useAssessors,
  useSupervisorOptions,
  useUserOptions,
} from './api/get-users.ts';
export { userKeys } from './api/user-query-keys.ts';
