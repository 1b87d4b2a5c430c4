function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A folded word or phrase as a whole word: "art" is not in "party". Global, to count its matches. */
export function wordPattern(phrase: string): RegExp {
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(phrase)}(?=$|[^a-z0-9])`, 'g');
}
