import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminSignOut, getAdminAuth, onAdminAuthExpired } from '../../api/admin-client';
import { AdminLogin } from '../../features/admin/components/admin-login';
import { CheckInPage } from '../../features/check-in/components/check-in-page';

/** /admin/check-in: the door, for staff with admin credentials (the admin sign-in first). */
export function CheckInRoute() {
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
    <CheckInPage
      onSignOut={() => {
        adminSignOut();
        queryClient.removeQueries({ queryKey: ['admin'] });
        setSignedIn(false);
      }}
    />
  );
}
