import type { MessageCategory, ParsedEntities } from '../../platform/ai/types';
import { renderBrandEmail, type EmailDetail } from '../../platform/mail/email-layout';

/** One thing staff did, as the email tells it. */
export interface NoticeLine {
  kind: 'reply' | 'options' | 'status';
  author: string;
  text: string;
}

/** How the request is named to the member, as 'My requests' names its kinds. */
const CATEGORY: Record<MessageCategory, string> = {
  travel: 'travel',
  dining: 'dining',
  property: 'residence',
  events: 'event',
  wellness: 'wellness',
  fashion: 'fashion',
  transportation: 'transport',
  art: 'art',
  concierge: '',
  default: '',
};

/** The longest excerpt of a message the email shows: the conversation holds the rest. */
const EXCERPT = 320;

/** A message's Markdown read as plain words, on one line, cut at a word. */
export function plainExcerpt(markdown: string, max = EXCERPT): string {
  const line = markdown
    .replace(/[*_`#>]+/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    // A line break after a sentence is a space; between fragments, a middle dot.
    .replace(/([.!?:])\s*\n+\s*/g, '$1 ')
    .replace(/\s*\n+\s*/g, ' · ')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** 'your dining request in Paris', 'your request' when nothing is known yet. */
export function requestName(about: ParsedEntities | null): string {
  const kind = about ? CATEGORY[about.mainCategory] : '';
  const place = about?.location ? ` in ${about.location}` : '';
  return `your ${kind ? `${kind} ` : ''}request${place}`;
}

const OPTION = /^\s*\d+\.\s+(.*)$/;

/** A line's rows in the email: what was written, and each option proposed on a row of its own. */
function rows(line: NoticeLine): EmailDetail[] {
  if (line.kind === 'status') return [['Status', plainExcerpt(line.text)]];
  if (line.kind === 'reply') return [[`${line.author} wrote`, plainExcerpt(line.text)]];
  const lines = line.text.split('\n');
  const note = lines
    .filter((text) => !OPTION.test(text))
    .join('\n')
    .trim();
  const options = lines.flatMap((text) => OPTION.exec(text)?.[1] ?? []);
  return [
    ...(note ? [[`${line.author} wrote`, plainExcerpt(note)] as EmailDetail] : []),
    ...options.map((option, i): EmailDetail => [
      options.length > 1 ? `Option ${i + 1}` : 'Option',
      plainExcerpt(option),
    ]),
  ];
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** 'Sophie has written', 'Sophie and Louis have written', 'Your concierge has news'. */
function lead(lines: NoticeLine[]): string {
  const authors = [...new Set(lines.map((line) => line.author))];
  if (authors.length === 1) return `${authors[0]} has news`;
  if (authors.length === 2) return `${authors[0]} and ${authors[1]} have news`;
  return 'Your concierge team has news';
}

/**
 * The email to a member who was away when staff acted on their request: what is new (each reply,
 * option list and change of status, in order), and a link straight to the conversation.
 */
export function renderMemberNotice(input: {
  brand: string;
  appUrl: string;
  name: string;
  about: ParsedEntities | null;
  lines: NoticeLine[];
  link: string;
  /** The digest is mail a member can leave: the footer's links (EmailDeliveryService hands them over). */
  unsubscribe?: { url: string; preferencesUrl: string };
}): { subject: string; html: string; text: string } {
  const about = requestName(input.about);
  const details = input.lines.flatMap(rows);
  const news = `${lead(input.lines)} about ${about}`;
  const body = renderBrandEmail({
    brand: input.brand,
    appUrl: input.appUrl,
    preheader: `${news}.`,
    heading: 'Your Concierge Has Answered',
    paragraphs: [
      `Dear ${firstName(input.name)},`,
      `${news}. Here is what is new since we last wrote; the whole conversation awaits you in the concierge.`,
    ],
    details,
    action: { label: 'Open the Conversation', url: input.link },
    signOff: `With warm regards,\n${input.brand} Concierge`,
    unsubscribe: input.unsubscribe,
  });
  return { subject: `${input.brand}: ${news}`, ...body };
}
