/**
 * Allergies and diets as members write them: what a reading is called, then the words that name it.
 * An allergen is called "<food> allergy"; a diet by its own name.
 */
export const ALLERGENS: Array<[string, string[]]> = [
  ['shellfish', ['shellfish', 'crustaceans', 'crustacean', 'prawns', 'shrimp', 'lobster', 'oysters', 'seafood']],
  ['peanut', ['peanut', 'peanuts']],
  ['nut', ['nut', 'nuts', 'tree nuts', 'tree nut', 'almonds', 'hazelnuts', 'walnuts', 'pistachios', 'cashews']],
  ['gluten', ['gluten', 'wheat']],
  ['dairy', ['dairy', 'milk', 'lactose']],
  ['egg', ['egg', 'eggs']],
  ['fish', ['fish']],
  ['sesame', ['sesame']],
  ['soy', ['soy', 'soya']],
  ['mushroom', ['mushroom', 'mushrooms']],
  ['strawberry', ['strawberry', 'strawberries']],
  ['kiwi', ['kiwi']],
  ['celery', ['celery']],
  ['mustard', ['mustard']],
];

export const DIETS: Array<[string, string[]]> = [
  ['vegan', ['vegan', 'plant-based', 'plant based']],
  ['vegetarian', ['vegetarian', 'veggie']],
  ['pescatarian', ['pescatarian', 'pescetarian']],
  ['gluten free', ['gluten-free', 'gluten free', 'coeliac', 'celiac']],
  ['dairy free', ['dairy-free', 'dairy free', 'lactose-free', 'lactose free', 'lactose intolerant']],
  ['kosher', ['kosher']],
  ['halal', ['halal']],
  ['keto', ['keto', 'ketogenic']],
  ['low sugar', ['diabetic', 'no sugar', 'sugar-free', 'sugar free']],
  ['no alcohol', ['no alcohol', 'non-alcoholic', 'alcohol-free', "don't drink", 'teetotal', 'sober']],
  ['no pork', ['no pork']],
];
