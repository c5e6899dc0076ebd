/** What other features may use of signing in and out; the router loads its pages directly. */
export { useSignOut } from './api/sign-out.ts';
