import { BUSINESS_TIME_ZONE } from "@shop/contracts";

/** Offset of a time zone at an instant, in minutes east of UTC ("GMT+02:00" → 120). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * A filter bound as a UTC ISO instant. A bare date is a whole day in the business's zone: `from`
 * its first instant, `to` its last.
 */
export function rangeBound(value: string, edge: "start" | "end"): string {
  if (value.includes("T")) return new Date(value).toISOString();
  const localMidnight = Date.parse(`${value}T00:00:00Z`);
  const offset = zoneOffsetMinutes(new Date(localMidnight + 12 * 3600_000), BUSINESS_TIME_ZONE);
  const start = localMidnight - offset * 60_000;
  return new Date(edge === "start" ? start : start + 24 * 3600_000 - 1).toISOString();
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The shop's calendar day (YYYY-MM-DD, Europe/Zagreb) of an instant. */
export function businessDayOf(instant: Date | string): string {
  return dayFormat.format(typeof instant === "string" ? new Date(instant) : instant);
}

const minuteFormat = new Intl.DateTimeFormat("sv-SE", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "2026-11-25 14:03" in the shop's time: what a spreadsheet reads as a date and time. */
export function businessMinuteOf(instant: string): string {
  return minuteFormat.format(new Date(instant));
}
