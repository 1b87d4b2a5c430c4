import { TOPIC_WORDS } from '@maison/shared';

/**
 * The session chat's topic detection (spec, section 5): whole-word keyword matches counted per
 * message-topic category in a reply; up to the 3 best with at least one match; the first drives
 * the illustration.
 */

export const MESSAGE_TOPICS = [
  'travel',
  'dining',
  'property',
  'events',
  'wellness',
  'fashion',
  'transportation',
  'art',
  'concierge',
] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];
/** The spec's message-topic categories: the topics, plus default. */
export type MessageCategory = MessageTopic | 'default';

/** The words a topic counts: those it shares with the api's request parser, and its own. */
function keywords(topic: MessageTopic): string[] {
  const { both, imageOnly } = TOPIC_WORDS[topic];
  return [...both.map(([word]) => word), ...imageOnly];
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Whole words only ("art" is not in "party"), any case, a phrase's words separated by any space.
const PATTERNS: Record<MessageTopic, RegExp> = Object.fromEntries(
  MESSAGE_TOPICS.map((topic) => [
    topic,
    new RegExp(
      `(?<![\\p{L}\\p{N}])(${keywords(topic)
        .map((k) => escape(k).replace(/ /g, '\\s+'))
        .join('|')})(?![\\p{L}\\p{N}])`,
      'giu',
    ),
  ]),
) as Record<MessageTopic, RegExp>;

export const MAX_TOPICS = 3;

/** The reply's topics, best first: at most 3, each with at least one keyword; ties keep the list's order. */
export function detectTopics(reply: string): MessageTopic[] {
  return MESSAGE_TOPICS.map((topic, order) => ({ topic, order, count: reply.match(PATTERNS[topic])?.length ?? 0 }))
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, MAX_TOPICS)
    .map((t) => t.topic);
}

/** The topic whose picture follows a reply, or null when none does (the welcome, the introduction, no topic). */
export function imageTopic(reply: string, welcome: string): MessageTopic | null {
  if (
    reply === welcome ||
    reply.includes('I’m your personal luxury concierge') ||
    reply.includes("I'm your personal luxury concierge")
  ) {
    return null;
  }
  return detectTopics(reply)[0] ?? null;
}
