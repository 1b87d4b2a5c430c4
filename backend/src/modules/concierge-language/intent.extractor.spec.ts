import { isPleasantry, reportsExperience } from './intent.extractor';

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
