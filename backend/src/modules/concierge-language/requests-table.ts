import type { MessageCategory, Occasion, Urgency } from '../../platform/ai/types';

/**
 * Member requests as members write them, with what a careful reader takes from each: the table the
 * offline parser is measured against (requests-table.spec.ts). Written by hand, expectations first;
 * a field a row leaves out is expected empty (null, none, 'medium', not a question). Relative days
 * count from TABLE_NOW, a Friday.
 */
export const TABLE_NOW = new Date('2026-11-27T10:00:00Z');

export interface Expected {
  category: MessageCategory;
  location?: string;
  timeline?: string;
  /** [from, to], or [day] for one day. */
  dates?: [string] | [string, string];
  party?: number;
  origin?: string;
  destination?: string;
  occasion?: Occasion;
  dietary?: string[];
  budget?: string;
  urgency?: Urgency;
  /** Asks to know, not to arrange: opens no request. */
  question?: boolean;
}

export type TableRow = [string, Expected];

const PARIS = 'Paris, France';
const LONDON = 'London, United Kingdom';
const NEW_YORK = 'New York, United States';
const MONACO = 'Monaco';
const GENEVA = 'Geneva, Switzerland';
const COURCHEVEL = 'Courchevel, France';
const DUBAI = 'Dubai, United Arab Emirates';
const NICE = 'Nice, France';
const MIAMI = 'Miami, United States';
const ST_BARTS = 'St. Barts, Saint Barthélemy';

const FIRST_WRITTEN: TableRow[] = [
  // The issue's own examples.
  [
    'a private jet from Geneva to Courchevel for 10 people this Saturday',
    {
      category: 'transportation',
      location: GENEVA,
      timeline: 'this Saturday',
      dates: ['2026-11-28'],
      party: 10,
      origin: GENEVA,
      destination: COURCHEVEL,
    },
  ],
  [
    'a table in Paris tonight for two, on a terrace, my wife is allergic to shellfish',
    {
      category: 'dining',
      location: PARIS,
      timeline: 'tonight',
      dates: ['2026-11-27'],
      party: 2,
      dietary: ['shellfish allergy'],
      urgency: 'high',
    },
  ],
  [
    'a yacht in Monaco for the Grand Prix weekend',
    { category: 'events', location: MONACO, timeline: 'Monaco Grand Prix', dates: ['2027-06-04', '2027-06-06'] },
  ],
  [
    'What is the weather like in St Barths in February?',
    {
      category: 'concierge',
      location: ST_BARTS,
      timeline: 'February',
      dates: ['2027-02-01', '2027-02-28'],
      question: true,
    },
  ],
  // Dining.
  [
    'Book me a table for four at Le Cinq tomorrow night',
    { category: 'dining', timeline: 'tomorrow night', dates: ['2026-11-28'], party: 4, urgency: 'high' },
  ],
  [
    'Dinner for two in Rome on Saturday, somewhere romantic',
    { category: 'dining', location: 'Rome, Italy', timeline: 'Saturday', dates: ['2026-11-28'], party: 2 },
  ],
  [
    'A vegetarian tasting menu in London next Tuesday for six',
    {
      category: 'dining',
      location: LONDON,
      timeline: 'next Tuesday',
      dates: ['2026-12-01'],
      party: 6,
      dietary: ['vegetarian'],
    },
  ],
  [
    'Anniversary dinner in Santorini on December 20, just the two of us',
    {
      category: 'dining',
      location: 'Santorini, Greece',
      timeline: 'December 20',
      dates: ['2026-12-20'],
      party: 2,
      occasion: 'anniversary',
    },
  ],
  [
    'A business lunch in Geneva tomorrow for 5, private room please',
    {
      category: 'dining',
      location: GENEVA,
      timeline: 'tomorrow',
      dates: ['2026-11-28'],
      party: 5,
      occasion: 'business',
      urgency: 'high',
    },
  ],
  [
    'Omakase in Tokyo on January 3 for three, one of us has a nut allergy',
    {
      category: 'dining',
      location: 'Tokyo, Japan',
      timeline: 'January 3',
      dates: ['2027-01-03'],
      party: 3,
      dietary: ['nut allergy'],
    },
  ],
  [
    'My husband turns 60 on Christmas, a dinner in Vienna for 12',
    {
      category: 'dining',
      location: 'Vienna, Austria',
      timeline: 'Christmas',
      dates: ['2026-12-25'],
      party: 12,
      occasion: 'birthday',
    },
  ],
  [
    'Could you get us a table at a Michelin restaurant in Florence this weekend? We are four, gluten-free',
    {
      category: 'dining',
      location: 'Florence, Italy',
      timeline: 'this weekend',
      dates: ['2026-11-28', '2026-11-29'],
      party: 4,
      dietary: ['gluten free'],
    },
  ],
  [
    'Sushi tonight in New York for 2, no shellfish please',
    {
      category: 'dining',
      location: NEW_YORK,
      timeline: 'tonight',
      dates: ['2026-11-27'],
      party: 2,
      dietary: ['shellfish allergy'],
      urgency: 'high',
    },
  ],
  [
    'Kosher dinner for eight in Hong Kong next week',
    {
      category: 'dining',
      location: 'Hong Kong',
      timeline: 'next week',
      dates: ['2026-11-30', '2026-12-06'],
      party: 8,
      dietary: ['kosher'],
    },
  ],
  [
    'A private chef dinner at our villa in Mykonos, halal, 10 guests',
    { category: 'dining', location: 'Mykonos, Greece', party: 10, dietary: ['halal'] },
  ],
  [
    'Table for 2 at a rooftop in Dubai tonight',
    { category: 'dining', location: DUBAI, timeline: 'tonight', dates: ['2026-11-27'], party: 2, urgency: 'high' },
  ],
  [
    'Lunch on a terrace in Saint-Tropez on Sunday for six',
    { category: 'dining', location: 'Saint-Tropez, France', timeline: 'Sunday', dates: ['2026-11-29'], party: 6 },
  ],
  [
    "A romantic dinner for two on Valentine's Day in Venice",
    { category: 'dining', location: 'Venice, Italy', timeline: "Valentine's Day", dates: ['2027-02-14'], party: 2 },
  ],
  [
    'Dinner with investors in London on December 3, seven of us, vegan options',
    {
      category: 'dining',
      location: LONDON,
      timeline: 'December 3',
      dates: ['2026-12-03'],
      party: 7,
      occasion: 'business',
      dietary: ['vegan'],
    },
  ],
  [
    'I would like a table in Barcelona for 3 next Friday',
    { category: 'dining', location: 'Barcelona, Spain', timeline: 'next Friday', dates: ['2026-12-04'], party: 3 },
  ],
  [
    'Best steakhouse in Miami tomorrow for a party of 8',
    { category: 'dining', location: MIAMI, timeline: 'tomorrow', dates: ['2026-11-28'], party: 8, urgency: 'high' },
  ],
  [
    "Chef's table in Copenhagen on New Year's Eve for two",
    {
      category: 'dining',
      location: 'Copenhagen, Denmark',
      timeline: "New Year's Eve",
      dates: ['2026-12-31'],
      party: 2,
    },
  ],
  [
    'A dinner table in Paris for my wife and I on Saturday, she is allergic to peanuts',
    {
      category: 'dining',
      location: PARIS,
      timeline: 'Saturday',
      dates: ['2026-11-28'],
      party: 2,
      dietary: ['peanut allergy'],
    },
  ],
  [
    'Brunch in Lisbon on Sunday for 4, dairy-free',
    {
      category: 'dining',
      location: 'Lisbon, Portugal',
      timeline: 'Sunday',
      dates: ['2026-11-29'],
      party: 4,
      dietary: ['dairy free'],
    },
  ],
  [
    'A wine dinner in Bordeaux next weekend, we are six',
    {
      category: 'dining',
      location: 'Bordeaux, France',
      timeline: 'next weekend',
      dates: ['2026-12-05', '2026-12-06'],
      party: 6,
    },
  ],
  [
    'Dinner in Milan tonight',
    { category: 'dining', location: 'Milan, Italy', timeline: 'tonight', dates: ['2026-11-27'], urgency: 'high' },
  ],
  [
    'A table for one at the bar of a good restaurant in Zurich tonight',
    {
      category: 'dining',
      location: 'Zurich, Switzerland',
      timeline: 'tonight',
      dates: ['2026-11-27'],
      party: 1,
      urgency: 'high',
    },
  ],
  [
    'Dinner in Marrakech on December 24 for 10, pescatarian',
    {
      category: 'dining',
      location: 'Marrakech, Morocco',
      timeline: 'December 24',
      dates: ['2026-12-24'],
      party: 10,
      dietary: ['pescatarian'],
    },
  ],
  [
    'Client dinner in Singapore next Thursday for four',
    {
      category: 'dining',
      location: 'Singapore',
      timeline: 'next Thursday',
      dates: ['2026-12-03'],
      party: 4,
      occasion: 'business',
    },
  ],
  [
    'A birthday lunch in Capri in June for 20 guests',
    {
      category: 'dining',
      location: 'Capri, Italy',
      timeline: 'June',
      dates: ['2027-06-01', '2027-06-30'],
      party: 20,
      occasion: 'birthday',
    },
  ],
  [
    'Dinner for two in Courchevel on December 26, budget €2,000',
    {
      category: 'dining',
      location: COURCHEVEL,
      timeline: 'December 26',
      dates: ['2026-12-26'],
      party: 2,
      budget: '€2,000',
    },
  ],
  [
    'Could you book a table at Noma for 2 in March?',
    { category: 'dining', timeline: 'March', dates: ['2027-03-01', '2027-03-31'], party: 2 },
  ],
  [
    'Tasting menu in Kyoto on 2027-04-10 for two',
    { category: 'dining', location: 'Kyoto, Japan', timeline: '2027-04-10', dates: ['2027-04-10'], party: 2 },
  ],
  [
    'Dinner for 6 in Monaco during the Grand Prix',
    {
      category: 'dining',
      location: MONACO,
      timeline: 'Monaco Grand Prix',
      dates: ['2027-06-04', '2027-06-06'],
      party: 6,
    },
  ],
  [
    'A quiet table in Seville tomorrow evening, my partner and I, no alcohol',
    {
      category: 'dining',
      location: 'Seville, Spain',
      timeline: 'tomorrow evening',
      dates: ['2026-11-28'],
      party: 2,
      dietary: ['no alcohol'],
      urgency: 'high',
    },
  ],
  // Travel.
  [
    'Honeymoon in the Maldives in February, overwater villa',
    { category: 'travel', location: 'Maldives', timeline: 'February', dates: ['2027-02-01', '2027-02-28'] },
  ],
  [
    'A family trip to Kenya for four next summer, no rush',
    { category: 'travel', location: 'Kenya', timeline: 'next summer', party: 4, urgency: 'low', destination: 'Kenya' },
  ],
  [
    'Plan a trip to Tokyo for two in the first week of April',
    {
      category: 'travel',
      location: 'Tokyo, Japan',
      timeline: 'first week of April',
      dates: ['2027-04-01', '2027-04-07'],
      party: 2,
      destination: 'Tokyo, Japan',
    },
  ],
  [
    'A week in Bali mid-January for my wife and me, she is vegan',
    {
      category: 'travel',
      location: 'Bali, Indonesia',
      timeline: 'mid-January',
      dates: ['2027-01-11', '2027-01-20'],
      party: 2,
      dietary: ['vegan'],
    },
  ],
  [
    'Ski holiday in Zermatt for Christmas, family of five',
    { category: 'travel', location: 'Zermatt, Switzerland', timeline: 'Christmas', dates: ['2026-12-25'], party: 5 },
  ],
  [
    'Trip to Cape Town in late January, budget $40,000',
    {
      category: 'travel',
      location: 'Cape Town, South Africa',
      timeline: 'late January',
      dates: ['2027-01-21', '2027-01-31'],
      budget: '$40,000',
      destination: 'Cape Town, South Africa',
    },
  ],
  [
    'Luxury travel to Patagonia next year for 2 couples',
    {
      category: 'travel',
      location: 'Patagonia, Argentina',
      timeline: 'next year',
      party: 4,
      budget: 'luxury',
      urgency: 'low',
      destination: 'Patagonia, Argentina',
    },
  ],
  [
    'A romantic getaway to Positano for our anniversary in May',
    {
      category: 'travel',
      location: 'Positano, Italy',
      timeline: 'May',
      dates: ['2027-05-01', '2027-05-31'],
      occasion: 'anniversary',
      destination: 'Positano, Italy',
    },
  ],
  [
    'Safari in Zanzibar and the Serengeti next month for six',
    {
      category: 'travel',
      location: 'Zanzibar, Tanzania',
      timeline: 'next month',
      dates: ['2026-12-01', '2026-12-31'],
      party: 6,
    },
  ],
  [
    'Fly us from London to the Maldives on December 18, two adults and two children',
    {
      category: 'travel',
      location: LONDON,
      timeline: 'December 18',
      dates: ['2026-12-18'],
      party: 4,
      origin: LONDON,
      destination: 'Maldives',
    },
  ],
  [
    'A cultural week in Kyoto for a group of 8 in early April',
    {
      category: 'travel',
      location: 'Kyoto, Japan',
      timeline: 'early April',
      dates: ['2027-04-01', '2027-04-10'],
      party: 8,
    },
  ],
  [
    'Arrange a trip to Art Basel Miami Beach for three',
    {
      category: 'art',
      location: MIAMI,
      timeline: 'Art Basel Miami Beach',
      dates: ['2026-12-03', '2026-12-06'],
      party: 3,
      destination: MIAMI,
    },
  ],
  [
    'Christmas in Lapland with the kids, 5 people',
    { category: 'travel', location: 'Lapland, Finland', timeline: 'Christmas', dates: ['2026-12-25'], party: 5 },
  ],
  [
    'A journey through Patagonia in March, premium luxury',
    {
      category: 'travel',
      location: 'Patagonia, Argentina',
      timeline: 'March',
      dates: ['2027-03-01', '2027-03-31'],
      budget: 'premium luxury',
    },
  ],
  [
    'Trip to Iceland for the northern lights in February for two',
    {
      category: 'travel',
      location: 'Iceland',
      timeline: 'February',
      dates: ['2027-02-01', '2027-02-28'],
      party: 2,
      destination: 'Iceland',
    },
  ],
  [
    'A cruise around the Greek Islands in late June for 12 guests',
    {
      category: 'travel',
      location: 'Greek Islands, Greece',
      timeline: 'late June',
      dates: ['2027-06-21', '2027-06-30'],
      party: 12,
    },
  ],
  [
    'Skiing in Aspen for New Year’s Eve, four of us',
    {
      category: 'travel',
      location: 'Aspen, United States',
      timeline: "New Year's Eve",
      dates: ['2026-12-31'],
      party: 4,
    },
  ],
  [
    'A surprise trip to Paris for my wife’s birthday next weekend',
    {
      category: 'travel',
      location: PARIS,
      timeline: 'next weekend',
      dates: ['2026-12-05', '2026-12-06'],
      occasion: 'birthday',
      destination: PARIS,
    },
  ],
  [
    'Plan a trip for a proposal in Santorini in June, just the two of us',
    {
      category: 'travel',
      location: 'Santorini, Greece',
      timeline: 'June',
      dates: ['2027-06-01', '2027-06-30'],
      party: 2,
      occasion: 'proposal',
    },
  ],
  [
    'We want to go to Tulum in January, family of 4, luxury',
    {
      category: 'travel',
      location: 'Tulum, Mexico',
      timeline: 'January',
      dates: ['2027-01-01', '2027-01-31'],
      party: 4,
      budget: 'luxury',
      destination: 'Tulum, Mexico',
    },
  ],
  [
    'Hotel in Rome for 3 nights from December 10',
    { category: 'travel', location: 'Rome, Italy', timeline: 'December 10', dates: ['2026-12-10'] },
  ],
  [
    'A suite in London for the Christmas week, 2 adults',
    { category: 'travel', location: LONDON, timeline: 'Christmas', dates: ['2026-12-25'], party: 2 },
  ],
  [
    'Book a hotel in Basel for Art Basel, two rooms, four people',
    {
      category: 'travel',
      location: 'Basel, Switzerland',
      timeline: 'Art Basel',
      dates: ['2027-06-17', '2027-06-20'],
      party: 4,
    },
  ],
  [
    'A hotel in Cannes for the film festival, budget €30,000',
    {
      category: 'travel',
      location: 'Cannes, France',
      timeline: 'Cannes Film Festival',
      dates: ['2027-05-11', '2027-05-22'],
      budget: '€30,000',
    },
  ],
  [
    'Hotel in Paris for Art Basel Paris, a suite for two',
    { category: 'travel', location: PARIS, timeline: 'Art Basel Paris', dates: ['2027-10-22', '2027-10-24'], party: 2 },
  ],
  // Residences.
  [
    'A villa in Mykonos next weekend with a private chef, budget $50,000',
    {
      category: 'property',
      location: 'Mykonos, Greece',
      timeline: 'next weekend',
      dates: ['2026-12-05', '2026-12-06'],
      budget: '$50,000',
    },
  ],
  [
    'Ski chalet in Courchevel over Christmas for 10 people with a butler',
    { category: 'property', location: COURCHEVEL, timeline: 'Christmas', dates: ['2026-12-25'], party: 10 },
  ],
  [
    'A penthouse in Miami for the first week of December, 6 guests',
    {
      category: 'property',
      location: MIAMI,
      timeline: 'first week of December',
      dates: ['2026-12-01', '2026-12-07'],
      party: 6,
    },
  ],
  [
    'Villa in Ibiza for 12 in the second week of August, up to €15,000 per night',
    {
      category: 'property',
      location: 'Ibiza, Spain',
      timeline: 'second week of August',
      dates: ['2027-08-08', '2027-08-14'],
      party: 12,
      budget: 'up to €15,000 per night',
    },
  ],
  [
    'Chalet in Verbier for next month, family of six, nut allergy in the family',
    {
      category: 'property',
      location: 'Verbier, Switzerland',
      timeline: 'next month',
      dates: ['2026-12-01', '2026-12-31'],
      party: 6,
      dietary: ['nut allergy'],
    },
  ],
  [
    'A beachfront villa in St. Barts for Easter with a pool',
    { category: 'property', location: ST_BARTS, timeline: 'Easter', dates: ['2027-03-28'] },
  ],
  [
    'Rent a house on Lake Como in July for 8',
    {
      category: 'property',
      location: 'Lake Como, Italy',
      timeline: 'July',
      dates: ['2027-07-01', '2027-07-31'],
      party: 8,
    },
  ],
  [
    "Chalet in Gstaad for New Year's Eve, we are 14",
    {
      category: 'property',
      location: 'Gstaad, Switzerland',
      timeline: "New Year's Eve",
      dates: ['2026-12-31'],
      party: 14,
    },
  ],
  [
    'A townhouse in London for the whole of January for my family',
    { category: 'property', location: LONDON, timeline: 'January', dates: ['2027-01-01', '2027-01-31'] },
  ],
  [
    'Villa in Tuscany next summer for a family reunion of 20 people',
    { category: 'property', location: 'Tuscany, Italy', timeline: 'next summer', party: 20, urgency: 'low' },
  ],
  [
    'A villa with staff in Marbella from August 1, ten guests, no limit',
    {
      category: 'property',
      location: 'Marbella, Spain',
      timeline: 'August 1',
      dates: ['2027-08-01'],
      party: 10,
      budget: 'no limit',
    },
  ],
  [
    'Apartment in Paris next week, two bedrooms, for the four of us',
    { category: 'property', location: PARIS, timeline: 'next week', dates: ['2026-11-30', '2026-12-06'], party: 4 },
  ],
  [
    'A chalet in St. Moritz in late February for a party of 8',
    {
      category: 'property',
      location: 'St. Moritz, Switzerland',
      timeline: 'late February',
      dates: ['2027-02-21', '2027-02-28'],
      party: 8,
    },
  ],
  [
    'Villa in Sardinia, end of July, 16 people, kosher kitchen',
    {
      category: 'property',
      location: 'Sardinia, Italy',
      timeline: 'end of July',
      dates: ['2027-07-21', '2027-07-31'],
      party: 16,
      dietary: ['kosher'],
    },
  ],
  [
    'A penthouse in Dubai for the weekend',
    { category: 'property', location: DUBAI, timeline: 'this weekend', dates: ['2026-11-28', '2026-11-29'] },
  ],
  [
    'We need a villa in Saint-Tropez for the Cannes film festival, 6 guests',
    {
      category: 'property',
      location: 'Saint-Tropez, France',
      timeline: 'Cannes Film Festival',
      dates: ['2027-05-11', '2027-05-22'],
      party: 6,
    },
  ],
  // Events.
  [
    'Organise a birthday party in Ibiza on July 14 for 40 guests with a DJ',
    {
      category: 'events',
      location: 'Ibiza, Spain',
      timeline: 'July 14',
      dates: ['2027-07-14'],
      party: 40,
      occasion: 'birthday',
    },
  ],
  [
    'Plan a proposal in Positano on October 5, with a photographer',
    {
      category: 'events',
      location: 'Positano, Italy',
      timeline: 'October 5',
      dates: ['2027-10-05'],
      occasion: 'proposal',
    },
  ],
  [
    'A corporate event in London on December 10 for 120 guests',
    {
      category: 'events',
      location: LONDON,
      timeline: 'December 10',
      dates: ['2026-12-10'],
      party: 120,
      occasion: 'business',
    },
  ],
  [
    'Tickets to the Monaco Grand Prix for four, paddock access',
    {
      category: 'events',
      location: MONACO,
      timeline: 'Monaco Grand Prix',
      dates: ['2027-06-04', '2027-06-06'],
      party: 4,
    },
  ],
  [
    'VIP tickets for the opera in Vienna on New Year’s Eve for two',
    { category: 'events', location: 'Vienna, Austria', timeline: "New Year's Eve", dates: ['2026-12-31'], party: 2 },
  ],
  [
    'An anniversary party in Paris for 60 guests next month',
    {
      category: 'events',
      location: PARIS,
      timeline: 'next month',
      dates: ['2026-12-01', '2026-12-31'],
      party: 60,
      occasion: 'anniversary',
    },
  ],
  [
    'A wedding in Tuscany next summer with fireworks',
    { category: 'events', location: 'Tuscany, Italy', timeline: 'next summer', urgency: 'low' },
  ],
  [
    'Box seats at a Champions League match in Madrid next Wednesday for 6',
    { category: 'events', location: 'Madrid, Spain', timeline: 'next Wednesday', dates: ['2026-12-02'], party: 6 },
  ],
  [
    'A private concert at our home in Geneva on December 12, 30 guests, vegetarian catering',
    {
      category: 'events',
      location: GENEVA,
      timeline: 'December 12',
      dates: ['2026-12-12'],
      party: 30,
      dietary: ['vegetarian'],
    },
  ],
  [
    'Yacht party in Monaco during the Grand Prix, 25 guests, budget €100,000',
    {
      category: 'events',
      location: MONACO,
      timeline: 'Monaco Grand Prix',
      dates: ['2027-06-04', '2027-06-06'],
      party: 25,
      budget: '€100,000',
    },
  ],
  [
    'Front row at Paris Fashion Week in March for two',
    { category: 'fashion', location: PARIS, timeline: 'March', dates: ['2027-03-01', '2027-03-31'], party: 2 },
  ],
  ['Tickets for Wimbledon, the final, for 4 people', { category: 'events', location: LONDON, party: 4 }],
  [
    'A product launch in Dubai in the first week of February, 200 guests',
    {
      category: 'events',
      location: DUBAI,
      timeline: 'first week of February',
      dates: ['2027-02-01', '2027-02-07'],
      party: 200,
      occasion: 'business',
    },
  ],
  [
    'Surprise 50th birthday dinner party in Marrakech in April for 30',
    {
      category: 'events',
      location: 'Marrakech, Morocco',
      timeline: 'April',
      dates: ['2027-04-01', '2027-04-30'],
      party: 30,
      occasion: 'birthday',
    },
  ],
  [
    'A team offsite in the Swiss Alps in mid-March for 15 colleagues',
    {
      category: 'events',
      location: 'Swiss Alps, Switzerland',
      timeline: 'mid-March',
      dates: ['2027-03-11', '2027-03-20'],
      party: 15,
      occasion: 'business',
    },
  ],
  [
    'Invitations to the Cannes film festival premieres for two',
    {
      category: 'events',
      location: 'Cannes, France',
      timeline: 'Cannes Film Festival',
      dates: ['2027-05-11', '2027-05-22'],
      party: 2,
    },
  ],
  [
    'A private screening in London on Saturday for 20 friends',
    { category: 'events', location: LONDON, timeline: 'Saturday', dates: ['2026-11-28'], party: 20 },
  ],
  [
    'Christmas party in New York for 80 guests, halal and vegetarian options',
    {
      category: 'events',
      location: NEW_YORK,
      timeline: 'Christmas',
      dates: ['2026-12-25'],
      party: 80,
      dietary: ['halal', 'vegetarian'],
    },
  ],
  // Transportation.
  [
    'I need a private jet from London to Dubai ASAP',
    {
      category: 'transportation',
      location: LONDON,
      timeline: 'as soon as possible',
      urgency: 'high',
      origin: LONDON,
      destination: DUBAI,
    },
  ],
  [
    'Helicopter transfer from Nice airport to Monaco tomorrow morning for 3',
    {
      category: 'transportation',
      location: NICE,
      timeline: 'tomorrow morning',
      dates: ['2026-11-28'],
      party: 3,
      urgency: 'high',
      origin: NICE,
      destination: MONACO,
    },
  ],
  [
    'A chauffeur in Geneva tomorrow, Rolls-Royce please',
    { category: 'transportation', location: GENEVA, timeline: 'tomorrow', dates: ['2026-11-28'], urgency: 'high' },
  ],
  [
    'Jet to Courchevel from Paris on December 19 for 6 passengers',
    {
      category: 'transportation',
      location: COURCHEVEL,
      timeline: 'December 19',
      dates: ['2026-12-19'],
      party: 6,
      origin: PARIS,
      destination: COURCHEVEL,
    },
  ],
  [
    'A car from JFK to Manhattan in 3 hours',
    {
      category: 'transportation',
      location: NEW_YORK,
      timeline: 'within 3 hours',
      dates: ['2026-11-27'],
      urgency: 'high',
      origin: NEW_YORK,
      destination: NEW_YORK,
    },
  ],
  [
    'Private jet Geneva to Ibiza next Saturday, 8 people',
    {
      category: 'transportation',
      location: GENEVA,
      timeline: 'next Saturday',
      dates: ['2026-12-05'],
      party: 8,
      origin: GENEVA,
      destination: 'Ibiza, Spain',
    },
  ],
  [
    'A helicopter from Cannes to Saint-Tropez on Sunday, two of us',
    {
      category: 'transportation',
      location: 'Cannes, France',
      timeline: 'Sunday',
      dates: ['2026-11-29'],
      party: 2,
      origin: 'Cannes, France',
      destination: 'Saint-Tropez, France',
    },
  ],
  [
    'Supercar rental in Dubai, a Lamborghini this Saturday',
    { category: 'transportation', location: DUBAI, timeline: 'this Saturday', dates: ['2026-11-28'] },
  ],
  [
    'A flight to Aspen from Los Angeles on December 20 for a family of four',
    {
      category: 'transportation',
      location: 'Aspen, United States',
      timeline: 'December 20',
      dates: ['2026-12-20'],
      party: 4,
      origin: 'Los Angeles, United States',
      destination: 'Aspen, United States',
    },
  ],
  [
    'Seaplane to our resort in the Seychelles, last minute',
    { category: 'transportation', location: 'Seychelles', urgency: 'high', destination: 'Seychelles' },
  ],
  [
    'Chauffeur between Monaco and Nice all day on Saturday',
    {
      category: 'transportation',
      location: MONACO,
      timeline: 'Saturday',
      dates: ['2026-11-28'],
      origin: MONACO,
      destination: NICE,
    },
  ],
  [
    'A yacht from Cannes to Portofino in July for 10 guests',
    {
      category: 'transportation',
      location: 'Cannes, France',
      timeline: 'July',
      dates: ['2027-07-01', '2027-07-31'],
      party: 10,
      origin: 'Cannes, France',
      destination: 'Portofino, Italy',
    },
  ],
  [
    'Fly me to Milan tomorrow',
    {
      category: 'transportation',
      location: 'Milan, Italy',
      timeline: 'tomorrow',
      dates: ['2026-11-28'],
      urgency: 'high',
      destination: 'Milan, Italy',
    },
  ],
  [
    'Private jet from New York to St. Barts on December 22, 5 passengers, no limit',
    {
      category: 'transportation',
      location: NEW_YORK,
      timeline: 'December 22',
      dates: ['2026-12-22'],
      party: 5,
      budget: 'no limit',
      origin: NEW_YORK,
      destination: ST_BARTS,
    },
  ],
  [
    'Need a driver in London next Monday for a business roadshow',
    {
      category: 'transportation',
      location: LONDON,
      timeline: 'next Monday',
      dates: ['2026-11-30'],
      occasion: 'business',
    },
  ],
  [
    'Airport pick up in Marrakech tonight for 2 people',
    {
      category: 'transportation',
      location: 'Marrakech, Morocco',
      timeline: 'tonight',
      dates: ['2026-11-27'],
      party: 2,
      urgency: 'high',
    },
  ],
  [
    'Jet from Geneva to London in 2 days for 3',
    {
      category: 'transportation',
      location: GENEVA,
      timeline: 'in 2 days',
      dates: ['2026-11-29'],
      party: 3,
      origin: GENEVA,
      destination: LONDON,
    },
  ],
  [
    'Helicopter to Gstaad from Zurich on Saturday',
    {
      category: 'transportation',
      location: 'Gstaad, Switzerland',
      timeline: 'Saturday',
      dates: ['2026-11-28'],
      origin: 'Zurich, Switzerland',
      destination: 'Gstaad, Switzerland',
    },
  ],
  [
    'A limousine in Las Vegas tonight',
    {
      category: 'transportation',
      location: 'Las Vegas, United States',
      timeline: 'tonight',
      dates: ['2026-11-27'],
      urgency: 'high',
    },
  ],
  // Wellness.
  [
    'A spa weekend in St. Moritz this weekend, massages and yoga',
    {
      category: 'wellness',
      location: 'St. Moritz, Switzerland',
      timeline: 'this weekend',
      dates: ['2026-11-28', '2026-11-29'],
    },
  ],
  [
    'Detox retreat in Bali next month, vegan food, budget 10,000 dollars',
    {
      category: 'wellness',
      location: 'Bali, Indonesia',
      timeline: 'next month',
      dates: ['2026-12-01', '2026-12-31'],
      dietary: ['vegan'],
      budget: '$10,000',
    },
  ],
  [
    'A massage at my hotel in Paris tonight',
    { category: 'wellness', location: PARIS, timeline: 'tonight', dates: ['2026-11-27'], urgency: 'high' },
  ],
  [
    'A wellness week in Lech in early January for two',
    {
      category: 'wellness',
      location: 'Lech, Austria',
      timeline: 'early January',
      dates: ['2027-01-01', '2027-01-10'],
      party: 2,
    },
  ],
  [
    'Personal trainer in Miami every morning next week',
    { category: 'wellness', location: MIAMI, timeline: 'next week', dates: ['2026-11-30', '2026-12-06'] },
  ],
  [
    'Spa day in Baden-Baden on Thursday for my wife and I',
    { category: 'wellness', location: 'Baden-Baden, Germany', timeline: 'Thursday', dates: ['2026-12-03'], party: 2 },
  ],
  [
    'A medical check-up and spa in Montreux, no rush, sometime next year',
    { category: 'wellness', location: 'Montreux, Switzerland', timeline: 'next year', urgency: 'low' },
  ],
  [
    'Yoga retreat in Tulum for a week in March, vegetarian, moderate budget',
    {
      category: 'wellness',
      location: 'Tulum, Mexico',
      timeline: 'March',
      dates: ['2027-03-01', '2027-03-31'],
      dietary: ['vegetarian'],
      budget: 'moderate',
    },
  ],
  // Fashion.
  [
    'Find me a personal shopper in Milan next week, around €20k',
    {
      category: 'fashion',
      location: 'Milan, Italy',
      timeline: 'next week',
      dates: ['2026-11-30', '2026-12-06'],
      budget: 'around €20,000',
    },
  ],
  [
    'Bespoke suit from a Savile Row tailor in London next week',
    { category: 'fashion', location: LONDON, timeline: 'next week', dates: ['2026-11-30', '2026-12-06'] },
  ],
  [
    'A private appointment at Chanel in Paris on Saturday for my wife and me',
    { category: 'fashion', location: PARIS, timeline: 'Saturday', dates: ['2026-11-28'], party: 2 },
  ],
  [
    'Diamond earrings as a gift, delivered in Singapore tomorrow',
    { category: 'fashion', location: 'Singapore', timeline: 'tomorrow', dates: ['2026-11-28'], urgency: 'high' },
  ],
  [
    'Couture fitting at Dior in Paris in May',
    { category: 'fashion', location: PARIS, timeline: 'May', dates: ['2027-05-01', '2027-05-31'] },
  ],
  [
    'An engagement ring, private viewing in New York next Tuesday',
    { category: 'fashion', location: NEW_YORK, timeline: 'next Tuesday', dates: ['2026-12-01'], occasion: 'proposal' },
  ],
  [
    'A stylist for a gala in London on December 12',
    { category: 'fashion', location: LONDON, timeline: 'December 12', dates: ['2026-12-12'] },
  ],
  [
    'Watch shopping in Geneva this week, a Patek Philippe, up to CHF 200,000',
    {
      category: 'fashion',
      location: GENEVA,
      timeline: 'this week',
      dates: ['2026-11-27', '2026-11-29'],
      budget: 'up to CHF 200,000',
    },
  ],
  // Art.
  [
    'Private viewing at an art gallery in New York next week',
    { category: 'art', location: NEW_YORK, timeline: 'next week', dates: ['2026-11-30', '2026-12-06'] },
  ],
  [
    'Get me into Art Basel Miami Beach VIP preview',
    { category: 'art', location: MIAMI, timeline: 'Art Basel Miami Beach', dates: ['2026-12-03', '2026-12-06'] },
  ],
  [
    'VIP passes for Art Basel in June for two',
    {
      category: 'art',
      location: 'Basel, Switzerland',
      timeline: 'Art Basel',
      dates: ['2027-06-17', '2027-06-20'],
      party: 2,
    },
  ],
  [
    "Sotheby's auction in Hong Kong in two weeks, I would like an art advisor",
    { category: 'art', location: 'Hong Kong', timeline: 'in two weeks' },
  ],
  [
    'Museum tour in Rome with a private curator on Thursday, 500 euros per person',
    {
      category: 'art',
      location: 'Rome, Italy',
      timeline: 'Thursday',
      dates: ['2026-12-03'],
      budget: '€500 per person',
    },
  ],
  [
    'The Louvre after hours for a group of 10 on December 8',
    { category: 'art', location: PARIS, timeline: 'December 8', dates: ['2026-12-08'], party: 10 },
  ],
  [
    'An art advisor for Art Basel Paris',
    { category: 'art', location: PARIS, timeline: 'Art Basel Paris', dates: ['2027-10-22', '2027-10-24'] },
  ],
  // Concierge and gifts.
  [
    "Send a bouquet of roses and champagne to my wife in Vienna on Valentine's Day",
    { category: 'concierge', location: 'Vienna, Austria', timeline: "Valentine's Day", dates: ['2027-02-14'] },
  ],
  ['Can you help me with something in Lisbon?', { category: 'concierge', location: 'Lisbon, Portugal' }],
  [
    'Flowers for my mother’s birthday, delivered in London tomorrow',
    {
      category: 'concierge',
      location: LONDON,
      timeline: 'tomorrow',
      dates: ['2026-11-28'],
      occasion: 'birthday',
      urgency: 'high',
    },
  ],
  [
    'A nanny for our stay in Courchevel over Christmas, two children',
    { category: 'concierge', location: COURCHEVEL, timeline: 'Christmas', dates: ['2026-12-25'] },
  ],
  [
    'Close protection in Cannes for the film festival, urgent',
    {
      category: 'events',
      location: 'Cannes, France',
      timeline: 'Cannes Film Festival',
      dates: ['2027-05-11', '2027-05-22'],
      urgency: 'high',
    },
  ],
  [
    'A gift for a client in Tokyo, delivered next Friday',
    {
      category: 'concierge',
      location: 'Tokyo, Japan',
      timeline: 'next Friday',
      dates: ['2026-12-04'],
      occasion: 'business',
    },
  ],
  // Questions: to know, not to arrange.
  ['Is the Louvre open on Tuesdays?', { category: 'art', location: PARIS, question: true }],
  ['What should I wear to the opera in Vienna?', { category: 'events', location: 'Vienna, Austria', question: true }],
  ['Do I need a visa for Dubai?', { category: 'concierge', location: DUBAI, question: true }],
  ['Is there a dress code at the Casino de Monte-Carlo?', { category: 'events', location: MONACO, question: true }],
  [
    'What is the weather like in Courchevel at Christmas?',
    { category: 'concierge', location: COURCHEVEL, timeline: 'Christmas', dates: ['2026-12-25'], question: true },
  ],
  [
    'How hot is Dubai in July?',
    { category: 'concierge', location: DUBAI, timeline: 'July', dates: ['2027-07-01', '2027-07-31'], question: true },
  ],
  [
    'What are the opening hours of the Uffizi in Florence?',
    { category: 'art', location: 'Florence, Italy', question: true },
  ],
  [
    'What documents do I need to travel to the Maldives?',
    { category: 'travel', location: 'Maldives', question: true, destination: 'Maldives' },
  ],
  [
    'Will it rain in London next week?',
    {
      category: 'concierge',
      location: LONDON,
      timeline: 'next week',
      dates: ['2026-11-30', '2026-12-06'],
      question: true,
    },
  ],
  ['What is the best time to visit Bali?', { category: 'concierge', location: 'Bali, Indonesia', question: true }],
  ['Is black tie required at the Monaco Red Cross Ball?', { category: 'events', location: MONACO, question: true }],
  [
    'Does my passport need to be valid for six months for Mauritius?',
    { category: 'concierge', location: 'Mauritius', question: true },
  ],
  // More requests of every kind.
  [
    'A table for ten at Sketch in London on Friday December 11, birthday',
    {
      category: 'dining',
      location: LONDON,
      timeline: 'December 11',
      dates: ['2026-12-11'],
      party: 10,
      occasion: 'birthday',
    },
  ],
  [
    'Two rooms at the Ritz in Paris tonight',
    { category: 'travel', location: PARIS, timeline: 'tonight', dates: ['2026-11-27'], urgency: 'high' },
  ],
  [
    'Villa in Bora Bora for our honeymoon in April, the two of us',
    {
      category: 'property',
      location: 'Bora Bora, French Polynesia',
      timeline: 'April',
      dates: ['2027-04-01', '2027-04-30'],
      party: 2,
    },
  ],
  [
    'Heli-skiing in Verbier next weekend for 4',
    {
      category: 'travel',
      location: 'Verbier, Switzerland',
      timeline: 'next weekend',
      dates: ['2026-12-05', '2026-12-06'],
      party: 4,
    },
  ],
  [
    'Reserve a cabana at a beach club in Mykonos for 8 friends in August',
    {
      category: 'dining',
      location: 'Mykonos, Greece',
      timeline: 'August',
      dates: ['2027-08-01', '2027-08-31'],
      party: 8,
    },
  ],
  [
    'Golf in Marbella on Sunday for three, tee time in the morning',
    { category: 'wellness', location: 'Marbella, Spain', timeline: 'Sunday', dates: ['2026-11-29'], party: 3 },
  ],
  [
    'A private dining room in Hong Kong for a corporate dinner next Tuesday, 14 people',
    {
      category: 'dining',
      location: 'Hong Kong',
      timeline: 'next Tuesday',
      dates: ['2026-12-01'],
      party: 14,
      occasion: 'business',
    },
  ],
  [
    'Tonight, a table in Cannes for 5, one coeliac',
    {
      category: 'dining',
      location: 'Cannes, France',
      timeline: 'tonight',
      dates: ['2026-11-27'],
      party: 5,
      dietary: ['gluten free'],
      urgency: 'high',
    },
  ],
  [
    'Jet from Dubai to the Maldives on January 2 for 7',
    {
      category: 'transportation',
      location: DUBAI,
      timeline: 'January 2',
      dates: ['2027-01-02'],
      party: 7,
      origin: DUBAI,
      destination: 'Maldives',
    },
  ],
  [
    'Dinner in Nice on Sunday for our anniversary, a table for two with a sea view',
    {
      category: 'dining',
      location: NICE,
      timeline: 'Sunday',
      dates: ['2026-11-29'],
      party: 2,
      occasion: 'anniversary',
    },
  ],
  ['Hello there!', { category: 'default' }],
  ['We had a wonderful dinner, thank you', { category: 'dining' }],
];

/**
 * Written after the parser was fixed against the rows above, and not tuned on: the harder phrasings
 * (lower case, run-on sentences, counts and dates in unusual forms). Its figures are printed apart.
 */
export const WRITTEN_LATER: TableRow[] = [
  [
    'need a jet geneva to nice tmrw for 4 pax',
    {
      category: 'transportation',
      location: GENEVA,
      timeline: 'tomorrow',
      dates: ['2026-11-28'],
      party: 4,
      origin: GENEVA,
      destination: NICE,
      urgency: 'high',
    },
  ],
  [
    'Could you sort out dinner for the 6 of us on Saturday in Knightsbridge? One is vegetarian.',
    {
      category: 'dining',
      location: LONDON,
      timeline: 'Saturday',
      dates: ['2026-11-28'],
      party: 6,
      dietary: ['vegetarian'],
    },
  ],
  [
    'We are flying into Nice on the 12th of December and need a car to Monaco',
    {
      category: 'transportation',
      location: NICE,
      timeline: 'December 12',
      dates: ['2026-12-12'],
      origin: NICE,
      destination: MONACO,
    },
  ],
  [
    'table 4 two tonite in paris pls',
    { category: 'dining', location: PARIS, timeline: 'tonight', dates: ['2026-11-27'], party: 2, urgency: 'high' },
  ],
  [
    "It's our 10th anniversary on the 3rd of January, something unforgettable in Venice",
    {
      category: 'concierge',
      location: 'Venice, Italy',
      timeline: 'January 3',
      dates: ['2027-01-03'],
      occasion: 'anniversary',
    },
  ],
  [
    'A chalet in Méribel for the week of Christmas, three families, 11 people in all',
    { category: 'property', location: 'Meribel, France', timeline: 'Christmas', dates: ['2026-12-25'], party: 11 },
  ],
  [
    'My assistant will send details, but roughly: London to New York, Sunday evening, 2 of us',
    {
      category: 'transportation',
      location: LONDON,
      timeline: 'Sunday',
      dates: ['2026-11-29'],
      party: 2,
      origin: LONDON,
      destination: NEW_YORK,
    },
  ],
  [
    'A boat for the day out of Antibes this Sunday, 8 friends',
    {
      category: 'transportation',
      location: 'Antibes, France',
      timeline: 'this Sunday',
      dates: ['2026-11-29'],
      party: 8,
      origin: 'Antibes, France',
    },
  ],
  ['What time does the Louvre close on Fridays?', { category: 'art', location: PARIS, question: true }],
  ['Any idea if I need a jacket at Le Louis XV?', { category: 'dining', location: MONACO, question: true }],
  [
    "What's it like in the Maldives in August, weather-wise?",
    {
      category: 'concierge',
      location: 'Maldives',
      timeline: 'August',
      dates: ['2027-08-01', '2027-08-31'],
      question: true,
    },
  ],
  [
    'Reserve something special for my wife’s 40th in Capri next June, 12 guests, she is gluten intolerant',
    {
      category: 'dining',
      location: 'Capri, Italy',
      timeline: 'June',
      dates: ['2027-06-01', '2027-06-30'],
      party: 12,
      occasion: 'birthday',
      dietary: ['gluten allergy'],
    },
  ],
  [
    'Two suites in Gstaad, 20-27 February, for 4 adults',
    {
      category: 'travel',
      location: 'Gstaad, Switzerland',
      timeline: 'February',
      dates: ['2027-02-20', '2027-02-27'],
      party: 4,
    },
  ],
  [
    'Helicopter Courchevel-Geneva on Sunday afternoon',
    {
      category: 'transportation',
      location: COURCHEVEL,
      timeline: 'Sunday',
      dates: ['2026-11-29'],
      origin: COURCHEVEL,
      destination: GENEVA,
    },
  ],
  [
    'Can we get a table at Dinner by Heston for a client lunch on Wednesday, party of three',
    { category: 'dining', timeline: 'Wednesday', dates: ['2026-12-02'], party: 3, occasion: 'business' },
  ],
  [
    'Looking for a villa in the Algarve for August with room for 14, budget €80k for the month',
    {
      category: 'property',
      location: 'Algarve, Portugal',
      timeline: 'August',
      dates: ['2027-08-01', '2027-08-31'],
      party: 14,
      budget: '€80,000',
    },
  ],
  [
    'Book the spa at the Four Seasons in Milan for Saturday morning, just me',
    { category: 'wellness', location: 'Milan, Italy', timeline: 'Saturday', dates: ['2026-11-28'], party: 1 },
  ],
  [
    'Urgent - my flight from Dubai was cancelled, I need to get to London tonight',
    {
      category: 'transportation',
      location: DUBAI,
      timeline: 'tonight',
      dates: ['2026-11-27'],
      origin: DUBAI,
      destination: LONDON,
      urgency: 'high',
    },
  ],
  [
    'A shellfish-free menu for a dinner party at home in Geneva next Friday, 10 guests',
    {
      category: 'dining',
      location: GENEVA,
      timeline: 'next Friday',
      dates: ['2026-12-04'],
      party: 10,
      dietary: ['shellfish allergy'],
    },
  ],
  [
    'Please arrange a proposal dinner on a private beach in the Seychelles, early March',
    {
      category: 'dining',
      location: 'Seychelles',
      timeline: 'early March',
      dates: ['2027-03-01', '2027-03-10'],
      occasion: 'proposal',
    },
  ],
  [
    'Paddock Club passes for the Grand Prix in Monaco, 2 people',
    {
      category: 'events',
      location: MONACO,
      timeline: 'Monaco Grand Prix',
      dates: ['2027-06-04', '2027-06-06'],
      party: 2,
    },
  ],
  [
    'Chauffeur for the whole of Art Basel in Basel',
    {
      category: 'transportation',
      location: 'Basel, Switzerland',
      timeline: 'Art Basel',
      dates: ['2027-06-17', '2027-06-20'],
    },
  ],
  [
    'Dinner in Miami during Art Basel for 15, mostly collectors',
    {
      category: 'dining',
      location: MIAMI,
      timeline: 'Art Basel Miami Beach',
      dates: ['2026-12-03', '2026-12-06'],
      party: 15,
    },
  ],
  ['Do you know the dress code for Ascot?', { category: 'events', location: 'Ascot, United Kingdom', question: true }],
  [
    'How cold does it get in St. Moritz in January?',
    {
      category: 'concierge',
      location: 'St. Moritz, Switzerland',
      timeline: 'January',
      dates: ['2027-01-01', '2027-01-31'],
      question: true,
    },
  ],
  [
    'A yacht charter in Sardinia for a week from July 18, 10 guests, no seafood for two of them',
    {
      category: 'travel',
      location: 'Sardinia, Italy',
      timeline: 'July 18',
      dates: ['2027-07-18'],
      party: 10,
      dietary: ['shellfish allergy'],
    },
  ],
  [
    'Tickets for the ballet in London tomorrow for my daughter and me',
    { category: 'events', location: LONDON, timeline: 'tomorrow', dates: ['2026-11-28'], party: 2, urgency: 'high' },
  ],
  [
    'Private jet for 12 from Moscow to Courchevel on 26 December',
    {
      category: 'transportation',
      location: 'Moscow, Russia',
      timeline: 'December 26',
      dates: ['2026-12-26'],
      party: 12,
      origin: 'Moscow, Russia',
      destination: COURCHEVEL,
    },
  ],
  [
    'Fancy a weekend in Paris next weekend, hotel and a table at a 3-star, two people',
    { category: 'travel', location: PARIS, timeline: 'next weekend', dates: ['2026-12-05', '2026-12-06'], party: 2 },
  ],
  [
    "New Year's Eve party on a yacht in Dubai, 30 guests, halal catering",
    {
      category: 'events',
      location: DUBAI,
      timeline: "New Year's Eve",
      dates: ['2026-12-31'],
      party: 30,
      dietary: ['halal'],
    },
  ],
];

export const REQUESTS_TABLE: TableRow[] = [...FIRST_WRITTEN, ...WRITTEN_LATER];
