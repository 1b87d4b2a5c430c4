import { findJourney } from './journey.extractor';

describe('where a journey starts and ends', () => {
  it.each<[string, string | null, string | null]>([
    [
      'a private jet from Geneva to Courchevel for 10 people this Saturday',
      'Geneva, Switzerland',
      'Courchevel, France',
    ],
    ['A helicopter transfer from Nice airport to Monaco tomorrow morning', 'Nice, France', 'Monaco'],
    ['Fly us to Dubai from London on Friday', 'London, United Kingdom', 'Dubai, United Arab Emirates'],
    ['Geneva to Courchevel by helicopter', 'Geneva, Switzerland', 'Courchevel, France'],
    ['A private jet to Dubai', null, 'Dubai, United Arab Emirates'],
    ['A chauffeur between Cannes and Monaco', 'Cannes, France', 'Monaco'],
    ['I need a private jet from London ASAP', 'London, United Kingdom', null],
    ['Helicopter Courchevel-Geneva on Sunday', 'Courchevel, France', 'Geneva, Switzerland'],
    ['Roughly: London to New York, Sunday evening', 'London, United Kingdom', 'New York, United States'],
  ])('reads "%s"', (text, origin, destination) => {
    expect(findJourney(text, 'transportation')).toEqual({ origin, destination });
  });

  it('finds none in a request that is not a journey', () => {
    expect(findJourney('A table close to Nice for two', 'dining')).toEqual({ origin: null, destination: null });
    expect(findJourney('Send flowers to my wife in Vienna', 'concierge')).toEqual({ origin: null, destination: null });
  });
});
