import { findDates } from './dates.extractor';
import { findTimeline } from './timeline.extractor';

/** A Friday evening. */
const NOW = new Date('2026-11-27T19:30:00Z');

function datesOf(text: string, now = NOW) {
  return findDates(findTimeline(text), text, now);
}

describe('the dates a timeline names', () => {
  it.each<[string, string | null, string | null]>([
    ['a table tonight', '2026-11-27', '2026-11-27'],
    ['tomorrow morning', '2026-11-28', '2026-11-28'],
    ['a private jet this Saturday', '2026-11-28', '2026-11-28'],
    ['on Sunday', '2026-11-29', '2026-11-29'],
    ['next Saturday', '2026-12-05', '2026-12-05'],
    ['this weekend', '2026-11-28', '2026-11-29'],
    ['next weekend', '2026-12-05', '2026-12-06'],
    ['next week', '2026-11-30', '2026-12-06'],
    ['next month', '2026-12-01', '2026-12-31'],
    ['June 14', '2027-06-14', '2027-06-14'],
    ['December 3', '2026-12-03', '2026-12-03'],
    ['first week of June', '2027-06-01', '2027-06-07'],
    ['mid-February', '2027-02-11', '2027-02-20'],
    ['late December', '2026-12-21', '2026-12-31'],
    ['in February', '2027-02-01', '2027-02-28'],
    ['for Christmas', '2026-12-25', '2026-12-25'],
    ["New Year's Eve", '2026-12-31', '2026-12-31'],
    ["Valentine's Day", '2027-02-14', '2027-02-14'],
    ['Easter', '2027-03-28', '2027-03-28'],
    ['on 2027-04-03', '2027-04-03', '2027-04-03'],
    ['a yacht in Monaco for the Grand Prix weekend', '2027-06-04', '2027-06-06'],
    ['Art Basel Miami Beach', '2026-12-03', '2026-12-06'],
    ['Art Basel in June', '2027-06-17', '2027-06-20'],
    ['the Cannes film festival', '2027-05-11', '2027-05-22'],
    ['a jet tmrw', '2026-11-28', '2026-11-28'],
    ['Dinner in Miami during Art Basel', '2026-12-03', '2026-12-06'],
    ['as soon as possible', null, null],
    ['next summer', null, null],
  ])('reads "%s"', (text, from, to) => {
    expect(datesOf(text)).toEqual(from && to ? { from, to } : null);
  });

  it('keeps a year the member writes', () => {
    expect(datesOf('the Monaco Grand Prix 2026', new Date('2026-01-10T10:00:00Z'))).toEqual({
      from: '2026-06-05',
      to: '2026-06-07',
    });
    expect(datesOf('June 14 2028')).toEqual({ from: '2028-06-14', to: '2028-06-14' });
  });

  it('counts from the day the message was written', () => {
    expect(datesOf('this Saturday', new Date('2026-11-28T09:00:00Z'))).toEqual({
      from: '2026-11-28',
      to: '2026-11-28',
    });
    expect(datesOf('this weekend', new Date('2026-11-29T09:00:00Z'))).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });
});
