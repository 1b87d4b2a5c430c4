import { ConciergeChatPage } from '../../features/concierge/components/concierge-chat-page';

export function ConciergeRoute() {
  return <ConciergeChatPage />;
}
