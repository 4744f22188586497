/**
 * Writes src/common-passwords.json: the passwords of at least 8 characters (shorter ones are
 * refused anyway) among the 10,000 most common of zxcvbn-ts's list (MIT, drawn from leaked-password
 * corpora and sorted by frequency), lower-cased. Run from the repository root:
 *
 *   npm install --no-save @zxcvbn-ts/language-common@4.1.3
 *   node packages/contracts/scripts/common-passwords.mjs
 */
import { writeFileSync } from "node:fs";
import { dictionary } from "@zxcvbn-ts/language-common";

const TOP = 10_000;
const MIN_LENGTH = 8;

const picked = dictionary["passwords-common"].slice(0, TOP).filter((p) => p.length >= MIN_LENGTH);
const list = [...new Set(picked.map((p) => p.toLowerCase()))];
writeFileSync(new URL("../src/common-passwords.json", import.meta.url), `${JSON.stringify(list, null, 2)}\n`);
process.stdout.write(`${list.length} passwords written\n`);
