/**
 * The Dutch citizen service number: exactly 9 digits passing the 11-proof
 * (9·d1 + 8·d2 + … + 2·d8 − 1·d9 ≡ 0 mod 11). All zeros passes the sum but is never issued.
 */
export function isValidBsn(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 8).reduce((total, digit, index) => total + digit * (9 - index), 0) - digits[8]!;
  return sum % 11 === 0;
}

/** Shows only the last digits, for headers and lists read over a shoulder. */
export function maskBsn(bsn: string | null | undefined, visible = 3): string {
  if (!bsn) return '';
  return `${'•'.repeat(bsn.length - visible)}${bsn.slice(-visible)}`;
}
