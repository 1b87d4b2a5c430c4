import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { adminSignOut, getAdminAuth, onAdminAuthExpired } from '../../../api/admin-client';
import { AdminLogin } from './admin-login';

/**
 * The admin sign-in in front of a staff screen (/admin, /admin/check-in): the login until the
 * server accepts the credentials, then the screen, given how to sign out. Credentials the server
 * stops accepting bring the login back with the reason, and forget what the screen had loaded.
 */
export function AdminSignInGate({ children }: { children: (signOut: () => void) => ReactNode }) {
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => getAdminAuth() !== null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(
    () =>
      onAdminAuthExpired((message) => {
        setNotice(message);
        setSignedIn(false);
        queryClient.removeQueries({ queryKey: ['admin'] });
      }),
    [queryClient],
  );

  if (!signedIn) {
    return (
      <AdminLogin
        key={notice ?? 'login'}
        notice={notice}
        onSignedIn={() => {
          setNotice(null);
          setSignedIn(true);
        }}
      />
    );
  }
  return children(() => {
    adminSignOut();
    queryClient.removeQueries({ queryKey: ['admin'] });
    setNotice(null);
    setSignedIn(false);
  });
}
