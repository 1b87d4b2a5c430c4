/**
 * What members ask to know rather than to have arranged, by subject: the weather, opening times,
 * what to wear, travel documents. The composer answers each subject in its own words.
 */
export type InformationSubject = 'weather' | 'opening' | 'attire' | 'documents';

export const INFORMATION_SUBJECTS: Array<[InformationSubject, RegExp]> = [
  [
    'weather',
    /\b(weather|climate|temperatures?|forecast|rain(y|s|ing)?|sunny|hot|cold|warm|chilly|humid|hurricanes?|snow (conditions|like)|best time (of year )?to (go|visit))\b/,
  ],
  [
    'opening',
    /\b(opening (hours|times)|open(ing)? (on|until|till|late|at)|what time does .* (open|close)|when does .* (open|close)|is .* open|are .* open|closing time|hours of)\b/,
  ],
  [
    'attire',
    /\b(what (should|do|shall) (i|we) wear|what to wear|dress ?code|attire|black tie|white tie|smart casual|cocktail attire|jacket required|need a (jacket|tie)|how (should|do) (i|we) dress)\b/,
  ],
  [
    'documents',
    /\b(visas?|passports?|esta|etias|documents?|paperwork|vaccinations?|vaccines?|customs (rules|allowance)|entry requirements?|travel requirements?)\b/,
  ],
];

/** The shape of a question. */
export const QUESTION_FORM =
  /\?|^\s*(what|whats|what's|how|when|where|which|is|are|do|does|did|will|would|should|shall|can you tell|could you tell|tell me|i wonder|any idea)\b|\b(do (i|we) need|i would like to know|i'd like to know|wondering)\b/;

/** Asking to have something done, which makes a question a request ("book a table and tell me the dress code"). */
export const ARRANGING =
  /\b(book|reserve|arrange|organi[sz]e|get (me|us)|find (me|us)|hold|charter|plan (a|an|my|our)|secure|send|order|hire|rent)\b/;
