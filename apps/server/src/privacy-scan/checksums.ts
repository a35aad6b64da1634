/**
 * The check digits that tell a personal number from any number of the same length. Each takes
 * the digits (or, for an IBAN, the letters and digits) without separators.
 */

/**
 * The elfproef of a BSN: 9×d1 + 8×d2 + … + 2×d8 − 1×d9 is divisible by 11. All zeros passes
 * the sum but is no number anyone has.
 */
export function passesElfproef(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || digits === '000000000') return false
  let sum = 0
  for (let i = 0; i < 8; i++) sum += (9 - i) * (digits.charCodeAt(i) - 48)
  sum -= digits.charCodeAt(8) - 48
  return sum % 11 === 0
}

/**
 * ISO 13616: the first four characters moved to the end, letters as 10–35, the whole number
 * modulo 97 is 1. Computed a few digits at a time so it never leaves the safe integers.
 */
export function passesMod97(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false
  const moved = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (let i = 0; i < moved.length; i++) {
    const code = moved.charCodeAt(i)
    if (code >= 65) remainder = (remainder * 100 + (code - 55)) % 97
    else remainder = (remainder * 10 + (code - 48)) % 97
  }
  return remainder === 1
}

/** The Luhn check of a payment card number: every second digit from the right doubled. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = digits.charCodeAt(i) - 48
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
