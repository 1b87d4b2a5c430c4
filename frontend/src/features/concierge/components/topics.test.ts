import { detectTopics, imageTopic } from './topics';

const WELCOME =
  "Welcome to Maison Fortuna's dedicated concierge service. I'm your personal luxury concierge with access to current global insights. How may I assist you today?";

describe('topic detection of the session chat', () => {
  it('ranks topics by how many of their words a reply uses', () => {
    const reply = 'A villa with a private chef: dinner on the terrace, a tasting menu, and the villa’s own sommelier.';
    expect(detectTopics(reply)).toEqual(['dining', 'property']);
  });

  it('counts whole words only, in any case', () => {
    expect(detectTopics('A party of artists')).toEqual(['events']);
    expect(detectTopics('Spaces and cartography')).toEqual([]);
    expect(detectTopics('An ART fair, then the SPA')).toEqual(['wellness', 'art']);
    expect(detectTopics('A private   jet to Nice')).toEqual(['transportation']);
  });

  it('keeps at most the 3 best topics, ties in the list’s order', () => {
    const reply = 'Travel by yacht to a gala, a spa, a boutique, a gallery, a dinner and a villa. Travel again.';
    expect(detectTopics(reply)).toEqual(['travel', 'dining', 'property']);
  });

  it('skips the picture for the welcome, the introduction, and a reply with no topic', () => {
    expect(imageTopic(WELCOME, WELCOME)).toBeNull();
    expect(imageTopic("Hello! I'm your personal luxury concierge. A villa?", WELCOME)).toBeNull();
    expect(imageTopic('I’m your personal luxury concierge; a villa?', WELCOME)).toBeNull();
    expect(imageTopic('Thank you, and good night.', WELCOME)).toBeNull();
    expect(
      imageTopic(
        'Your flight and hotel in Lisbon are arranged. The yacht, the chauffeur and the helicopter too.',
        WELCOME,
      ),
    ).toBe('transportation');
  });
});
