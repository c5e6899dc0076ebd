import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import type { PageAccess } from '../../core/app-routes.ts';
import type { Me } from '../../core/users.ts';
import { signInPathFor } from '../lib/redirect-path.ts';

/**
 * The loaders check access when a page opens; this covers a session that ends while the page
 * is open (expired, user deactivated, signed out in another tab). It waits for navigations to
 * settle so it never fights one that is already heading to the sign-in page.
 */
export function useSignedOutRedirect(user: Me | null | undefined, access: PageAccess | undefined) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    if (navigation.state !== 'idle' || user !== null) return;
    if (access !== 'signedIn' && access !== 'admin') return;
    void navigate(signInPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [navigation.state, user, access, location.pathname, location.search, navigate]);
}
