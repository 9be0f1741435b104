/**
 * CUSIP check digit (ANSI X9.6 "modulus 10 double add double"): letters count 10–35,
 * * @ # count 36–38, every second character is doubled, digits of the products are summed.
 */
function charValue(ch: string): number {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55;
  if (ch === '*') return 36;
  if (ch === '@') return 37;
  if (ch === '#') return 38;
  return -1;
}

/** Check digit of the first 8 characters of a CUSIP, or null if they are not valid CUSIP characters. */
export function cusipCheckDigit(base8: string): string | null {
  const base = base8.toUpperCase();
  if (base.length !== 8) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let v = charValue(base[i] ?? '');
    if (v < 0) return null;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

/** True for a 9-character CUSIP whose last character is the right check digit. */
export function isValidCusip(cusip: string): boolean {
  return cusip.length === 9 && cusipCheckDigit(cusip.slice(0, 8)) === cusip.toUpperCase()[8];
}
