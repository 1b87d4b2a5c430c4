import { findDietary } from './dietary.extractor';
import { findOccasion } from './occasion.extractor';

describe('allergies and diets', () => {
  it.each<[string, string[]]>([
    ['a table in Paris tonight for two, on a terrace, my wife is allergic to shellfish', ['shellfish allergy']],
    ['Vegetarian menu please, and one guest has a nut allergy', ['vegetarian', 'nut allergy']],
    ['Gluten-free please', ['gluten free']],
    ['He is allergic to peanuts and shellfish', ['peanut allergy', 'shellfish allergy']],
    ['No seafood for me, I am pescatarian', ['shellfish allergy', 'pescatarian']],
    ['Kosher dinner in Hong Kong', ['kosher']],
    ['A seafood platter at a beach club', []],
    ['A table with fish on the menu', []],
  ])('reads "%s"', (text, dietary) => {
    expect(findDietary(text)).toEqual(dietary);
  });
});

describe('the occasion', () => {
  it.each<[string, string | null]>([
    ['Anniversary dinner in Santorini', 'anniversary'],
    ['I want to propose to her on our anniversary', 'proposal'],
    ['My husband turns 50 in June, a party in Ibiza', 'birthday'],
    ['Dinner with three clients in London', 'business'],
    ['A table for two in Rome', null],
    ["Something special for my wife's 40th in Capri", 'birthday'],
    ['Dinner on the 12th of December', null],
  ])('reads "%s" as %s', (text, occasion) => {
    expect(findOccasion(text)).toBe(occasion);
  });
});
