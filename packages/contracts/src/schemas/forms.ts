/** Payloads and answers of the forms endpoints (SPEC §7). */
export {};
