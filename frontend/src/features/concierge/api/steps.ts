import { apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

/** Something the concierge looked up or did while writing a reply (a member's reply only). */
export type ReplyStep = ApiSchema<'ReplyStep'>;

/**
 * The member's Yes or No to a step that asked (remember an allergy?), or No to a memory kept
 * (Undo): the step as it now stands.
 */
export async function answerStep(messageId: string, stepId: string, answer: 'yes' | 'no'): Promise<ReplyStep> {
  const path = `/api/concierge/steps/${encodeURIComponent(messageId)}/${encodeURIComponent(stepId)}`;
  return (await apiRequest<{ data: ReplyStep }>('POST', path, { answer })).data;
}

/** Undo of 'Remembered: ...': the entry leaves 'What we remember' (the members' own route for it). */
export async function forgetRemembered(preferenceId: string): Promise<void> {
  await apiRequest('DELETE', `/api/members/me/preferences/${encodeURIComponent(preferenceId)}`);
}
