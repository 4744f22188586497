/** Payloads and answers of the media endpoints (SPEC §7). */
export {};
