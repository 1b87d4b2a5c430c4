import { informationAsked, isPleasantry, messageIntent, reportsExperience } from './intent.extractor';

describe('pleasantries', () => {
  it('hears a greeting, and an empty message, as one', () => {
    expect(['', 'Good evening', 'How are you?'].map(isPleasantry)).toEqual([true, true, true]);
    expect(isPleasantry('A table tonight')).toBe(false);
  });
});

describe('news of the experience', () => {
  it('hears that a request was fulfilled', () => {
    expect(['We loved the villa', 'The dinner was divine'].map(reportsExperience)).toEqual([true, true]);
    expect(reportsExperience('Thanks!')).toBe(false);
  });
});

describe('questions that ask to know, not to arrange', () => {
  it.each([
    ['What is the weather like in St Barths in February?', 'weather'],
    ['Is the Louvre open on Tuesdays?', 'opening'],
    ['What should I wear to the opera in Vienna?', 'attire'],
    ['Do I need a visa for Dubai?', 'documents'],
    ['Is there a dress code at Le Cinq?', 'attire'],
  ])('answers "%s" as a question about %s', (text, subject) => {
    expect(informationAsked(text)).toBe(subject);
    expect(messageIntent(text)).toBe('question');
  });

  it.each([
    'Book a table at Le Cinq and tell me the dress code',
    'A villa in St Barths in February with a pool',
    'Can you arrange a chauffeur for tonight?',
    'Is there a helicopter available tomorrow?',
  ])('keeps "%s" a request', (text) => {
    expect(informationAsked(text)).toBeNull();
    expect(messageIntent(text)).toBe('request');
  });
});
