/** Payloads and answers of the search endpoints (SPEC §7). */
export {};
