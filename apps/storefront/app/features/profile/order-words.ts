import type { OrderHistoryEntry } from "@shop/contracts";
import type { Translate } from "../forms/form-values.ts";

/** A status in words (SPEC §2 'status history in words'): one key per axis and status; an unknown one shows as stored. */
export function statusWords(t: Translate, axis: OrderHistoryEntry["axis"], status: string): string {
  const key = `orders.status.${axis}.${status}`;
  const words = t(key);
  return words.startsWith("[missing:") ? status : words;
}
