import { findCategory } from './category.extractor';
import { findPlace } from './place.extractor';
import { fold } from './places';
import { ARRANGING, INFORMATION_SUBJECTS, QUESTION_FORM, type InformationSubject } from './question.words';
import { findTimeline } from './timeline.extractor';

/**
 * What a message does, before what it asks for: a request (or more detail on one), thanks or
 * praise, a cancellation, or small talk. "We had a nice dinner, thanks" names a dinner but asks
 * for none; "Thanks, could you also book a table?" does. A question asking to know something (the
 * weather, opening times, what to wear, documents) asks for nothing to be arranged either.
 */
export type MessageIntent = 'request' | 'question' | 'thanks' | 'cancel' | 'small-talk';

const ASKS =
  /\?|\b(book|reserve|arrange|organi[sz]e|find|get me|need|want|would like|looking for|could you|can you|would you|please|plan|add|make it|change|instead|also|another|go ahead|proceed|confirm|let'?s do|option \d)\b/;
const THANKS = /\b(thanks?|thank you|thx|merci|grazie|gracias|danke|cheers|much appreciated|appreciate it)\b/;
const PRAISE =
  /^\s*(oh,? )?(perfect|wonderful|great|lovely|excellent|marvell?ous|splendid|brilliant|amazing|fantastic|superb|ok|okay|noted|understood|got it|sounds (good|great|perfect|lovely|wonderful))\b[\s!.]*$/;
const EXPERIENCE =
  /\b(we|i) (had|loved|enjoyed|adored)\b|\b(it|that|this|everything|all|the \w+) (was|were) (lovely|wonderful|amazing|great|perfect|fantastic|superb|delightful|excellent|marvell?ous|divine|exquisite|incredible|unforgettable|beautiful)\b/;
const PLEASANTRY =
  /^\s*(hi|hello|hey|good (morning|afternoon|evening)|greetings|bonjour|hola|ciao)\b|\b(how are you|how do you do|who are you|nice to meet you)\b/;
const CANCEL =
  /\b(cancel|call (it|that|the \w+) off|never ?mind|forget (it|that|about (it|that))|no longer (need|want)|(do not|don'?t) need (it|that|this) any ?more|scrap (it|that))\b/;

export function messageIntent(text: string): MessageIntent {
  const t = fold(text).replace(/[’‘]/g, "'");
  if (CANCEL.test(t)) return 'cancel';
  if (informationAsked(text)) return 'question';
  if ((THANKS.test(t) || PRAISE.test(t) || EXPERIENCE.test(t)) && !ASKS.test(t)) return 'thanks';
  const asksNothing = findCategory(text) === 'default' && !findPlace(text);
  return asksNothing && (PLEASANTRY.test(t) || !findTimeline(text)) ? 'small-talk' : 'request';
}

/** A greeting or a pleasantry ("Good evening", "How are you?"), answered with a greeting. */
export function isPleasantry(text: string): boolean {
  return text.trim() === '' || PLEASANTRY.test(fold(text));
}

/** Thanks that report the experience itself ("we had a wonderful dinner"): the request was fulfilled. */
export function reportsExperience(text: string): boolean {
  return EXPERIENCE.test(fold(text).replace(/[’‘]/g, "'"));
}

/** What a question asks to know, when it asks to know and not to have something arranged; else null. */
export function informationAsked(text: string): InformationSubject | null {
  const t = fold(text).replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  if (!QUESTION_FORM.test(t) || ARRANGING.test(t)) return null;
  return INFORMATION_SUBJECTS.find(([, pattern]) => pattern.test(t))?.[0] ?? null;
}
