// sign-out-professor and sign-out-student: revoke the refresh token on the server, forget the
// local user and the session marker, then go to login (school sign-on users: through GET
// /api/gar/logout, which ends the session at the GAR or the ENT and comes back to the ENT helper).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logoutSession } from '../../api/auth';
import { removeSessionMarker } from '../../app/activity';
import { getStoredUser, logout } from '../../app/auth-store';
import { PageLoader } from '../../components/layout/PageLoader';
import { leaveTo } from '../../lib/browser';

export default function SignOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    const user = getStoredUser();
    void (async () => {
      if (user) await logoutSession(user.refreshToken).catch(() => {});
      if (done) return;
      done = true;
      removeSessionMarker();
      logout();
      // A school sign-on session also ends at its identity provider (GAR or ENT), through our server.
      if (user?.isGar && user.ticket) leaveTo(`/api/gar/logout?ticket=${encodeURIComponent(user.ticket)}`);
      else navigate(user?.isGar ? '/gar-helper' : '/login', { replace: true });
    })();
    return () => {
      done = true;
    };
  }, [navigate]);
  return <PageLoader />;
}
