import { fold } from './places';

/** Asking for a person: "speak to a concierge", "can I talk to a human?", "a real person, please". */
const PERSON =
  /\b(?:speak|talk|chat|be put through)\s+(?:to|with)\s+(?:a|an|the|your|someone|somebody|one of your)?\s*(?:real\s+|actual\s+|human\s+|live\s+)?(?:person|human|concierge|agent|someone|somebody|staff|team|member of (?:your|the) (?:staff|team)|people)\b|\b(?:real|actual|live)\s+(?:person|human|concierge|agent)\b|\bhuman\s+(?:concierge|being|agent)\b|\b(?:want|need|prefer)\s+(?:a|to speak to a)\s+(?:person|human)\b/;

/**
 * The member asks for a person instead of the AI ("Speak to a concierge"), in plain words. Used
 * on the reply's path whatever answers (the offline engine or the OpenAI provider), so the ask is
 * recognised the same way by both.
 */
export function asksForPerson(text: string): boolean {
  return PERSON.test(fold(text).replace(/[’‘]/g, "'"));
}
