import { findPlace } from './place.extractor';

describe('the place of a message', () => {
  it('prefers a longer name to one inside it', () => {
    expect(findPlace('A week in Naples, Florida')?.country).toBe('United States');
    expect(findPlace('A week in Naples')?.country).toBe('Italy');
  });

  it('prefers the city to its country, whichever comes first', () => {
    expect(findPlace('France, maybe Paris')?.name).toBe('Paris');
  });
});
