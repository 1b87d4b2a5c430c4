/**
 * Our own artwork for the widget's gallery and the session chat's fallback picture: drawings of
 * the built-in illustrator (backend/src/platform/ai/images/illustration.ts) kept as files.
 */
import art from './art.svg';
import concierge from './concierge.svg';
import defaultArt from './default.svg';
import dining1 from './dining-1.svg';
import dining2 from './dining-2.svg';
import event1 from './event-1.svg';
import event2 from './event-2.svg';
import fashion from './fashion.svg';
import property1 from './property-1.svg';
import property2 from './property-2.svg';
import travel1 from './travel-1.svg';
import travel2 from './travel-2.svg';
import wellness from './wellness.svg';
import yacht1 from './yacht-1.svg';
import yacht2 from './yacht-2.svg';
import type { GalleryCategory } from '../components/gallery';
import type { MessageCategory } from '../components/topics';

export interface Artwork {
  src: string;
  alt: string;
}

export const GALLERY_ART: Record<GalleryCategory, Artwork[]> = {
  yacht: [
    { src: yacht1, alt: 'A motor yacht off Monaco at dusk' },
    { src: yacht2, alt: 'A yacht on the Mediterranean by day' },
  ],
  property: [
    { src: property1, alt: 'A villa with an infinity pool on Mykonos' },
    { src: property2, alt: 'A residence under the peaks of Courchevel at night' },
  ],
  event: [
    { src: event1, alt: 'A champagne tower and fireworks in Cannes' },
    { src: event2, alt: 'A chandelier-lit soirée in Paris at dusk' },
  ],
  dining: [
    { src: dining1, alt: 'A candlelit table for two in Paris' },
    { src: dining2, alt: 'Dinner among the cypresses of Tuscany' },
  ],
  travel: [
    { src: travel1, alt: 'Arches opening onto the Maldives at dawn' },
    { src: travel2, alt: 'A private jet over Aspen' },
  ],
  default: [{ src: defaultArt, alt: 'The house crest in a laurel wreath' }],
};

/** The picture a reply's topic falls back to when its illustration cannot be had. */
export const TOPIC_ART: Record<MessageCategory, Artwork> = {
  travel: GALLERY_ART.travel[0],
  dining: GALLERY_ART.dining[0],
  property: GALLERY_ART.property[0],
  events: GALLERY_ART.event[0],
  wellness: { src: wellness, alt: 'A lotus on still water in Bali' },
  fashion: { src: fashion, alt: 'A couture gown on a dress form in Milan' },
  transportation: GALLERY_ART.yacht[0],
  art: { src: art, alt: 'A painting on an easel in New York' },
  concierge: { src: concierge, alt: 'A concierge bell and a key' },
  default: GALLERY_ART.default[0],
};
