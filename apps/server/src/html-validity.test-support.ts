import { HtmlValidate } from "html-validate";

/**
 * html-validate's recommended preset, as every page test runs it. Off: the style rules that flag what
 * HTML allows and React's server renderer writes by design (`<input/>`, `srcSet`, `required=""`, style
 * props, `_R_…_` ids from useId), phone numbers that the editors type with spaces, and a form's values
 * that share its name (checkbox groups, a range's two ends: the server reads them all). Everything
 * else of the preset stays an error.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "no-inline-style": "off",
    "valid-id": ["error", { relaxed: true }],
    "tel-non-breaking": "off",
    "form-dup-name": "off",
  },
});

/** The page's errors, one line each (`name:line:column rule: message`); none is an empty list. */
export async function htmlProblems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((r) => r.messages).map((m) => `${name}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
}
