/** Payloads and answers of the events endpoints (SPEC §7). */
export {};
