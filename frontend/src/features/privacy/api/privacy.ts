/**
 * Leaving a mailing and choosing what to receive: by the signed link of an email (no session), and
 * for a signed-in member, "Emails We Send You" in their account.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type MailChoices = ApiSchema<'MailChoices'>;
export type EmailPreferences = ApiSchema<'EmailPreferences'>;
export type MailCategory = EmailPreferences['category'];

/** Each kind of email a person can leave, in the order shown, with the choice it is kept under. */
export const MAIL_KINDS: Array<{ category: MailCategory; choice: keyof MailChoices; title: string; text: string }> = [
  {
    category: 'updates',
    choice: 'updates',
    title: 'Club News and Updates',
    text: 'News of the club, its openings and its season.',
  },
  {
    category: 'event-invitations',
    choice: 'eventInvitations',
    title: 'Invitations to Events',
    text: 'Invitations to our evenings and private events.',
  },
  {
    category: 'digests',
    choice: 'digests',
    title: 'Concierge Digests',
    text: 'A note gathering your concierge’s replies while you were away.',
  },
];

/** What a person stops receiving, as a sentence says it ("You will no longer receive …"). */
export const LEAVING: Record<MailCategory, string> = {
  updates: 'club news and updates',
  'event-invitations': 'invitations to our events',
  digests: 'digests of your concierge’s replies',
};

const enc = encodeURIComponent;
const linkKey = (token: string) => ['privacy', 'link', token] as const;

/** What the person the link names receives now. */
export function useLinkPreferences(token: string) {
  return useQuery({
    queryKey: linkKey(token),
    queryFn: ({ signal }) =>
      apiGet<{ data: EmailPreferences }>(`/api/privacy/preferences?token=${enc(token)}`, { signal }).then(
        (answer) => answer.data,
      ),
    retry: false,
  });
}

/** The unsubscribe page's button: the same one-click POST a mail client sends. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ data: EmailPreferences }>('POST', `/api/privacy/unsubscribe?token=${enc(token)}`).then(
        (answer) => answer.data,
      ),
    onSuccess: (data) => client.setQueryData(linkKey(token), data),
  });
}

/** The preference page's Save. */
export function useSaveLinkPreferences(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choices: MailChoices) =>
      apiRequest<{ data: EmailPreferences }>('PUT', '/api/privacy/preferences', { token, ...choices }).then(
        (answer) => answer.data,
      ),
    onSuccess: (data) => client.setQueryData(linkKey(token), data),
  });
}

const MEMBER_PATH = '/api/members/me/mail-preferences';
const memberKey = ['members', 'me', 'mail-preferences'] as const;

export function useMemberMailChoices() {
  return useQuery({
    queryKey: memberKey,
    queryFn: ({ signal }) => apiGet<{ data: MailChoices }>(MEMBER_PATH, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

export function useSaveMemberMailChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choices: MailChoices) =>
      apiRequest<{ data: MailChoices }>('PUT', MEMBER_PATH, choices).then((answer) => answer.data),
    onSuccess: (data) => client.setQueryData(memberKey, data),
  });
}
