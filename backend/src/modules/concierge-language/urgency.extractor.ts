import type { Urgency } from '../../platform/ai/types';
import { fold } from './places';

/** How soon: high for tonight, today, tomorrow and urgent words; low when the member says so. */
export function findUrgency(text: string, timeline: string | null): Urgency {
  const t = fold(text);
  if (
    /\b(urgent|urgently|emergency|asap|as soon as possible|right now|immediately|last[- ]minute|straight away|right away)\b/.test(
      t,
    )
  ) {
    return 'high';
  }
  if (timeline && /^(tonight|today|tomorrow|as soon as possible|within )/.test(timeline)) return 'high';
  if (
    /\b(no rush|no hurry|whenever|someday|some day|flexible|at some point|eventually|sometime|just exploring|just curious)\b/.test(
      t,
    )
  ) {
    return 'low';
  }
  if (timeline && /^next (summer|winter|spring|autumn|fall|year)$/.test(timeline)) return 'low';
  return 'medium';
}
