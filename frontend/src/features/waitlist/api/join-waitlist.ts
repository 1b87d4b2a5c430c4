import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** What the visitor types into the form. */
export interface WaitlistFormValues {
  email: string;
  fullName: string;
  phoneNumber: string;
  consent: boolean;
  bot_check: string;
}

/** POST /api/waitlist body (spec section 7). */
export interface JoinWaitlistPayload extends WaitlistFormValues {
  timestamp: string;
  source: 'landing';
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  ref?: string;
}

const ATTRIBUTION_PARAMS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
  ref: 'ref',
} as const;

type AttributionField = (typeof ATTRIBUTION_PARAMS)[keyof typeof ATTRIBUTION_PARAMS];

/** Campaign attribution taken from the page address; only parameters that are present are sent. */
export function readAttribution(search: string): Partial<Record<AttributionField, string>> {
  const params = new URLSearchParams(search);
  const attribution: Partial<Record<AttributionField, string>> = {};
  for (const [param, field] of Object.entries(ATTRIBUTION_PARAMS)) {
    const value = params.get(param)?.trim();
    if (value) attribution[field] = value;
  }
  return attribution;
}

export function buildWaitlistPayload(values: WaitlistFormValues, search = window.location.search): JoinWaitlistPayload {
  return {
    email: values.email.trim(),
    fullName: values.fullName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    consent: values.consent,
    bot_check: values.bot_check,
    timestamp: new Date().toISOString(),
    source: 'landing',
    ...readAttribution(search),
  };
}

export function joinWaitlist(payload: JoinWaitlistPayload): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('POST', '/api/waitlist', payload);
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
