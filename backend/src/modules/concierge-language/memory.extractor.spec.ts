import { memoryCandidates } from './memory.extractor';

describe('what a member’s message says worth remembering', () => {
  it('keeps a flying habit as a time', () => {
    expect(memoryCandidates('I never fly before 10')).toEqual([
      { kind: 'flights', value: 'Never flies before 10:00', sensitive: false },
    ]);
    expect(memoryCandidates('We never take flights before 9.30am, and I always fly business class.')).toEqual([
      { kind: 'flights', value: 'Never flies before 09:30', sensitive: false },
      { kind: 'flights', value: 'Business class', sensitive: false },
    ]);
  });

  it('keeps an allergy as sensitive, naming whose it is', () => {
    expect(memoryCandidates('my wife is allergic to shellfish')).toEqual([
      { kind: 'allergies', value: 'Wife: shellfish allergy', sensitive: true },
    ]);
    expect(memoryCandidates("I'm severely allergic to nuts, sesame and kiwi")).toEqual([
      { kind: 'allergies', value: 'Nuts, sesame and kiwi allergy', sensitive: true },
    ]);
    expect(memoryCandidates('Our son has a peanut allergy')).toEqual([
      { kind: 'allergies', value: 'Son: peanut allergy', sensitive: true },
    ]);
  });

  it('reads two statements of one sentence apart', () => {
    expect(memoryCandidates('My wife is allergic to shellfish, we love terraces')).toEqual([
      { kind: 'allergies', value: 'Wife: shellfish allergy', sensitive: true },
      { kind: 'seating', value: 'Terraces', sensitive: false },
    ]);
  });

  it('does not take what one request asks for as a lasting preference', () => {
    expect(memoryCandidates('A table in Paris tonight for two, on a terrace')).toEqual([]);
    expect(memoryCandidates('I would like a suite at the Ritz next week')).toEqual([]);
    expect(memoryCandidates('Book me a business class seat to Dubai')).toEqual([]);
    expect(memoryCandidates('')).toEqual([]);
  });

  it('keeps diets, dislikes and cuisines under dining', () => {
    expect(memoryCandidates("I'm vegetarian and we love Japanese food. My husband doesn't eat pork")).toEqual([
      { kind: 'dining', value: 'Vegetarian', sensitive: false },
      { kind: 'dining', value: 'Japanese cuisine', sensitive: false },
      { kind: 'dining', value: 'Husband: No pork', sensitive: false },
    ]);
  });

  it('keeps health as sensitive', () => {
    expect(memoryCandidates('My mother uses a wheelchair')).toEqual([
      { kind: 'health', value: 'Mother: Uses a wheelchair', sensitive: true },
    ]);
    expect(memoryCandidates('I am diabetic')).toEqual([{ kind: 'health', value: 'Diabetic', sensitive: true }]);
  });

  it('keeps hotels, brands, dates, companions and the assistant', () => {
    expect(memoryCandidates('We always stay at the Four Seasons and prefer a high floor')).toEqual([
      { kind: 'hotels', value: 'Stays at Four Seasons', sensitive: false },
      { kind: 'hotels', value: 'High floor', sensitive: false },
    ]);
    expect(memoryCandidates('My wife only wears Hermès')).toEqual([
      { kind: 'brands', value: 'Hermès', sensitive: false },
    ]);
    expect(memoryCandidates("My wife's birthday is on 12 March")).toEqual([
      { kind: 'dates', value: "Wife's birthday: 12 March", sensitive: false },
    ]);
    expect(memoryCandidates('Our anniversary is June 5th')).toEqual([
      { kind: 'dates', value: 'Wedding anniversary: 5 June', sensitive: false },
    ]);
    expect(memoryCandidates('I usually travel with my wife Anna and our two children')).toEqual([
      { kind: 'companions', value: 'Travels with wife Anna and two children', sensitive: false },
    ]);
    expect(memoryCandidates('My assistant is Claire, claire@example.com')).toEqual([
      { kind: 'assistant', value: 'Claire, claire@example.com', sensitive: false },
    ]);
  });
});
