import type { OrderHistoryEntry } from "@shop/contracts";
import type { Translate } from "../forms/form-values.ts";

/** A status in words (SPEC §2 'status history in words'): one key per axis and status of the platform's order states. */
export function statusWords(t: Translate, axis: OrderHistoryEntry["axis"], status: string): string {
  return t(`orders.status.${axis}.${status}`);
}
