/** Payloads and answers of the consents endpoints (SPEC §7). */
export {};
