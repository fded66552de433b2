/** Singapore mobile numbers in their common spellings -> E.164 (+65 and 8 digits starting 3, 6, 8 or 9); null if not one. */
export function normalizeSingaporeMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  const national = compact.replace(/^(?:\+65|0065|65(?=\d{8}$))/, "");
  return /^[3689]\d{7}$/.test(national) ? `+65${national}` : null;
}

const STORED_MOBILE = /^\+65(\d{4})(\d{4})$/;

/**
 * A stored +65 number the way a shopper writes it ("9123 4567"); anything else as it is. In a CSV
 * its space keeps a spreadsheet from reading it as a number, and nothing in it can start a formula.
 */
export function formatSingaporeMobile(mobile: string): string {
  const national = STORED_MOBILE.exec(mobile);
  return national ? `${national[1]} ${national[2]}` : mobile;
}
