import { createHash, type KeyObject, sign } from "node:crypto";
import { formatCents } from "../payments/protocol.ts";
import type { FiscalHash, FiscalReceipt } from "./port.ts";

/** Receipts are issued in Croatian local time, whatever the server's zone (reference D1). */
const ZAGREB = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Zagreb",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export interface LocalTime {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

export function zagrebTime(at: Date): LocalTime {
  const parts = ZAGREB.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: part("day"), month: part("month"), year: part("year"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** `dd.MM.yyyyTHH:mm:ss`, the schema's DatumVrijemeType; the ZKI takes the same with a space. */
export function cisDateTime(at: Date, separator: "T" | " " = "T"): string {
  const t = zagrebTime(at);
  return `${t.day}.${t.month}.${t.year}${separator}${t.hour}:${t.minute}:${t.second}`;
}

/** An amount as CIS writes it (IznosType: "12.50"), negative on a storno receipt ("-12.50"). */
export function cisAmount(cents: number): string {
  return cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);
}

/** The string the ZKI signs (chapter 12): the buyer's OIB is not part of it. */
export function zkiPayload(receipt: FiscalReceipt): string {
  const { sequence, premise, device } = receipt.number;
  return `${receipt.oib}${cisDateTime(receipt.issuedAt, " ")}${sequence}${premise}${device}${cisAmount(receipt.totalCents)}`;
}

/** RSA PKCS#1 v1.5 over the payload's UTF-8 bytes with the configured hash, then the MD5 of the signature in lowercase hex. */
export function computeZki(receipt: FiscalReceipt, privateKey: KeyObject, hash: FiscalHash): string {
  const signature = sign(hash, Buffer.from(zkiPayload(receipt), "utf8"), privateKey);
  return createHash("md5").update(signature).digest("hex");
}
