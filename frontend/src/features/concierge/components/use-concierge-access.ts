import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasAuthenticatedHint, hasSession, setAuthenticatedHint } from '../api/concierge';

/**
 * Whether /concierge may show: the server's session decides, the browser's flag is a hint. Without
 * a session the member goes to the password screen (an unreachable server lets the cache show).
 */
export function useConciergeAccess(): { allowed: boolean; toPasswordScreen: () => void } {
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);

  const toPasswordScreen = useCallback(() => {
    setAuthenticatedHint(false);
    navigate('/concierge-auth', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!hasAuthenticatedHint()) {
      toPasswordScreen();
      return;
    }
    hasSession()
      .then((valid) => (valid ? setAllowed(true) : toPasswordScreen()))
      .catch(() => setAllowed(true));
  }, [toPasswordScreen]);

  return { allowed, toPasswordScreen };
}
