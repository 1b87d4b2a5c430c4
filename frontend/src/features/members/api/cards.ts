/** The member's saved card ('Payment Card' in Your Account): shown as brand and last four, added, removed. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type SavedCard = ApiSchema<'MemberCard'>;
type CardSetup = ApiSchema<'CardSetup'>;

const PATH = '/api/members/me/cards';
export const cardsKey = ['members', 'me', 'cards'] as const;

export function useCards(enabled = true) {
  return useQuery({
    queryKey: cardsKey,
    queryFn: ({ signal }) => apiGet<{ data: SavedCard[] }>(PATH, { signal }).then((answer) => answer.data),
    enabled,
    retry: false,
  });
}

export function useCardActions() {
  const client = useQueryClient();
  const keep = (cards: SavedCard[]) => client.setQueryData(cardsKey, cards);
  return {
    /** A SetupIntent for the card form. */
    start: useMutation({
      mutationFn: () => apiRequest<{ data: CardSetup }>('POST', PATH).then((answer) => answer.data),
    }),
    /** The card form finished: the server records the card at once. */
    confirm: useMutation({
      mutationFn: (setupIntentId: string) =>
        apiRequest<{ data: SavedCard[] }>('POST', `${PATH}/confirm`, { setupIntentId }).then((a) => a.data),
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ data: SavedCard[] }>('DELETE', `${PATH}/${encodeURIComponent(id)}`).then((a) => a.data),
      onSuccess: keep,
    }),
  };
}

/** 'Visa', 'Mastercard', 'American Express': a brand as the member reads it. */
export function brandName(brand: string): string {
  const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
