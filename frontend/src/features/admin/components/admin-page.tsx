import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getAdminAuth, onAdminAuthExpired } from '../../../api/admin-client';
import { AdminDashboard } from './admin-dashboard';
import { AdminLogin } from './admin-login';

/** /admin: the login until the server accepts the credentials, then the dashboard tabs. */
export function AdminPage() {
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
  return (
    <AdminDashboard
      onSignOut={() => {
        queryClient.removeQueries({ queryKey: ['admin'] });
        setNotice(null);
        setSignedIn(false);
      }}
    />
  );
}
