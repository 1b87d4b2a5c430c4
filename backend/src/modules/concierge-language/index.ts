/**
 * What other modules may use of concierge-language: the parser's readings of a member's message
 * (parseRequest, messageIntent, findPlace...), a topic's understanding, and places folded for
 * matching. Everything else here is its own.
 */
export { ConciergeLanguageModule } from './concierge-language.module';
export { understandTopic } from './composer';
export { memoryCandidates } from './memory.extractor';
export { partnersThatFit } from './partners';
export { asksForPerson, findPlace, messageIntent, parseRequest, reportsExperience, toEntities } from './parser';
export { fold, type Place } from './places';
