const RULES = new Map<string, Intl.PluralRules>();

/** The plural form of a count in a language (Croatian has one, few and other). */
export function plural(locale: string, n: number): Intl.LDMLPluralRule {
  let rules = RULES.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    RULES.set(locale, rules);
  }
  return rules.select(n);
}
