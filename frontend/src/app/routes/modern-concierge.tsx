import { SessionChatPage } from '../../features/concierge/components/session-chat-page';

export function ModernConciergeRoute() {
  return <SessionChatPage />;
}
