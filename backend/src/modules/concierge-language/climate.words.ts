/**
 * What the weather is like, by season, in the places members ask about most: for answering
 * "what is the weather like in St Barths in February?" without a forecast service. Months are
 * 1-12; a season may wrap the year's end (from 12 to 4).
 */
export interface Season {
  from: number;
  to: number;
  note: string;
}

export const CLIMATE: Record<string, Season[]> = {
  'St. Barts': [
    {
      from: 12,
      to: 5,
      note: 'the dry season: sunny, around 28°C by day, with a steady trade wind and the sea near 26°C',
    },
    {
      from: 6,
      to: 11,
      note: 'hot and humid, around 30°C, with short tropical showers; August to October is hurricane season',
    },
  ],
  Maldives: [
    { from: 12, to: 4, note: 'the dry north-east monsoon: sunny, calm seas and around 30°C' },
    {
      from: 5,
      to: 11,
      note: 'the wetter south-west monsoon: still around 29°C, with passing showers and livelier seas',
    },
  ],
  Dubai: [
    { from: 11, to: 3, note: 'its best season: warm days around 25°C and cool evenings' },
    {
      from: 4,
      to: 10,
      note: 'very hot, often above 40°C by day in high summer, so life moves indoors and to the evening',
    },
  ],
  Courchevel: [
    {
      from: 12,
      to: 4,
      note: 'ski season: cold and often bright, from -10°C in the mornings to around 0°C by day on the slopes',
    },
    {
      from: 5,
      to: 11,
      note: 'mountain weather: mild days around 20°C in summer, cool nights, and the lifts mostly closed',
    },
  ],
  'St. Moritz': [
    { from: 12, to: 3, note: 'dry, cold and famously sunny, often -10°C in the morning' },
    { from: 4, to: 11, note: 'alpine: fresh, clear summer days around 18°C and cold nights' },
  ],
  Aspen: [
    { from: 12, to: 3, note: 'ski season: cold, dry snow and bright days around -2°C' },
    { from: 6, to: 9, note: 'warm dry days around 25°C and cool evenings' },
  ],
  Mykonos: [
    { from: 6, to: 9, note: 'hot and dry, around 28°C, with the meltemi wind in July and August' },
    { from: 10, to: 5, note: 'mild and quiet, between 12°C and 20°C; many addresses close from November to April' },
  ],
  Monaco: [
    { from: 6, to: 9, note: 'Mediterranean summer: sunny and around 27°C, the sea warm enough to swim' },
    { from: 10, to: 5, note: 'mild, between 10°C and 20°C, with some rainy days in autumn' },
  ],
  Paris: [
    { from: 6, to: 8, note: 'summer: warm, around 25°C, with long evenings and the odd thunderstorm' },
    { from: 11, to: 2, note: 'winter: grey and cool, around 5-8°C' },
    { from: 3, to: 5, note: 'spring: changeable, from 10°C to 20°C' },
    { from: 9, to: 10, note: 'autumn: mild and often golden, around 15-20°C' },
  ],
  London: [
    { from: 6, to: 8, note: 'summer: mild to warm, around 22°C, with showers never far away' },
    { from: 11, to: 2, note: 'winter: damp and cool, around 8°C' },
    { from: 3, to: 5, note: 'spring: cool and changeable, 10-17°C' },
    { from: 9, to: 10, note: 'autumn: mild, 14-19°C, with more rain as it goes on' },
  ],
  'New York': [
    { from: 6, to: 8, note: 'summer: hot and humid, often 30°C' },
    { from: 12, to: 2, note: 'winter: cold, around 0°C, with snow some years' },
    { from: 3, to: 5, note: 'spring: fresh, warming from 10°C to 22°C' },
    { from: 9, to: 11, note: 'autumn: crisp and bright, 10-22°C' },
  ],
  Bali: [
    { from: 4, to: 10, note: 'the dry season: sunny, around 30°C, the best months for the beaches' },
    { from: 11, to: 3, note: 'the rainy season: still warm, with heavy afternoon downpours' },
  ],
  Miami: [
    { from: 11, to: 4, note: 'the dry season: sunny and pleasant, around 25°C' },
    { from: 5, to: 10, note: 'hot, humid and stormy in the afternoons; June to November is hurricane season' },
  ],
  Marrakech: [
    { from: 10, to: 4, note: 'warm sunny days around 20-25°C and cold nights' },
    { from: 5, to: 9, note: 'hot, often above 35°C by day' },
  ],
};
