import { useCallback, useEffect, useState } from 'react';
import { acceptOption, cancelMyRequest, listMyRequests, type MemberRequest } from '../api/threads';

/** The session's requests for the 'My requests' panel; a change shows the server's answer at once. */
export function useMyRequests(enabled: boolean, onFailure: (failure: unknown) => void) {
  const [requests, setRequests] = useState<MemberRequest[]>([]);

  const reload = useCallback(() => {
    listMyRequests()
      .then(setRequests)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload]);

  const change = async (send: () => Promise<MemberRequest>) => {
    try {
      const changed = await send();
      setRequests((current) => current.map((r) => (r.id === changed.id ? changed : r)));
    } catch (failure) {
      onFailure(failure);
    }
  };

  return {
    requests,
    reload,
    accept: (requestId: string, optionId: string) => change(() => acceptOption(requestId, optionId)),
    cancel: (requestId: string) => change(() => cancelMyRequest(requestId)),
  };
}
