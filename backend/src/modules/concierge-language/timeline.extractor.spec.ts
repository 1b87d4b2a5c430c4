import { findTimeline } from './timeline.extractor';

describe('the timeline of a message', () => {
  it('does not take the verb "may" for the month', () => {
    expect(findTimeline('We may need a table')).toBeNull();
    expect(findTimeline('in may we go')).toBe('May');
    expect(findTimeline('May 3')).toBe('May 3');
  });

  it('reads the short names of the months', () => {
    expect(findTimeline('Sept 5')).toBe('September 5');
    expect(findTimeline('the 3rd week of Sept')).toBe('third week of September');
    expect(findTimeline('on 5 Oct')).toBe('October 5');
    expect(findTimeline('A weekend in Dec')).toBe('December');
  });
});
