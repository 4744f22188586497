/**
 * OIB, the Croatian personal identification number: 11 digits, the last an ISO 7064 MOD 11,10
 * check digit. Free of Zod so the browser can load it on its own. No trimming: the schemas trim.
 */
export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(value[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const check = (11 - a) % 10;
  return check === Number(value[10]);
}
