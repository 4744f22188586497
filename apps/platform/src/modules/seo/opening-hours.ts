import { foldSearchText } from "@shop/db/schema/search.ts";

/**
 * Opening hours as editors write them ('Ponedjeljak – petak 07:00 – 20:00; subota i nedjelja
 * zatvoreno', 'Monday – Friday', 'Samstag') read into schema.org's structured form. Text that names
 * no day or no time (closed days) gives nothing: search engines read missing days as closed.
 */

const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const SHORT_DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
/** Day names, folded, in hr (with the forms after 'od', 'do' and 'u'), en and de. */
const DAY_NAMES: readonly (readonly string[])[] = [
  ["ponedjeljak", "ponedjeljka", "monday", "montag"],
  ["utorak", "utorka", "tuesday", "dienstag"],
  ["srijeda", "srijede", "srijedu", "wednesday", "mittwoch"],
  ["cetvrtak", "cetvrtka", "thursday", "donnerstag"],
  ["petak", "petka", "friday", "freitag"],
  ["subota", "subote", "subotu", "saturday", "samstag", "sonnabend"],
  ["nedjelja", "nedjelje", "nedjelju", "sunday", "sonntag"],
];
/** Between two days, these make a range ('Ponedjeljak – petak', 'Monday to Friday', 'Montag bis Freitag'). */
const RANGE_WORDS = /[–—-]|\b(do|to|bis)\b/;
const TIME_RANGE = /(\d{1,2})[:.](\d{2})\s*(?:[–—-]|do|to|bis)\s*(\d{1,2})[:.](\d{2})/;

export interface OpeningHoursSpec {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** A day's index (0 = Monday) for a folded word: a full name or an abbreviation of at least 3 letters. */
function dayOf(word: string): number | null {
  if (word.length < 3) return null;
  const index = DAY_NAMES.findIndex((names) => names.some((name) => name.startsWith(word)));
  return index === -1 ? null : index;
}

function time(hours: string | undefined, minutes: string | undefined): string | null {
  const h = Number(hours);
  const m = Number(minutes);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h > 24 || m > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** The days a text names, ranges expanded, in week order. */
function daysIn(text: string): number[] {
  const folded = foldSearchText(text);
  const found: { day: number; start: number; end: number }[] = [];
  for (const m of folded.matchAll(/\p{L}+/gu)) {
    const day = dayOf(m[0]);
    if (day !== null) found.push({ day, start: m.index, end: m.index + m[0].length });
  }
  const days = new Set<number>();
  found.forEach((current, i) => {
    days.add(current.day);
    const previous = found[i - 1];
    if (previous && RANGE_WORDS.test(folded.slice(previous.end, current.start))) {
      for (let d = previous.day; d !== current.day; d = (d + 1) % 7) days.add(d);
    }
  });
  return [...days].sort((a, b) => a - b);
}

/** One line of hours ('Ponedjeljak – petak 07:00 – 20:00'), or days and time apart. */
export function parseOpeningHours(days: string, hours = days): OpeningHoursSpec | null {
  const t = TIME_RANGE.exec(hours);
  if (!t) return null;
  const opens = time(t[1], t[2]);
  const closes = time(t[3], t[4]);
  // When days and time share one text, the days are what stands before the time.
  const named = daysIn(days === hours ? days.slice(0, t.index) : days);
  if (!opens || !closes || named.length === 0) return null;
  return { "@type": "OpeningHoursSpecification", dayOfWeek: named.map((d) => SCHEMA_DAYS[d] as string), opens, closes };
}

/** Several lines separated by ';' or new lines (the CMS option OpeningHours). */
export function parseOpeningHoursText(text: string): OpeningHoursSpec[] {
  return text.split(/[;\n]/).flatMap((line) => parseOpeningHours(line) ?? []);
}

/** schema.org's short text form: 'Mo-Fr 07:00-20:00'. */
export function openingHoursText(spec: OpeningHoursSpec): string {
  const indexes = spec.dayOfWeek.map((d) => SCHEMA_DAYS.indexOf(d as (typeof SCHEMA_DAYS)[number]));
  const runs: number[][] = [];
  for (const i of indexes) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === i - 1) run.push(i);
    else runs.push([i]);
  }
  const days = runs.map((run) =>
    run.length === 1 ? SHORT_DAYS[run[0] ?? 0] : `${SHORT_DAYS[run[0] ?? 0]}-${SHORT_DAYS[run[run.length - 1] ?? 0]}`,
  );
  return `${days.join(",")} ${spec.opens}-${spec.closes}`;
}
