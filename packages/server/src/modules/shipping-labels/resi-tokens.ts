// The words of a label page that may be its resi. Every candidate is looked up at once against
// the imported orders' resis (contents.ts); nothing here needs to know the couriers' formats.
// The guess is only what the report shows for a page whose resi is not known.

/** A text item as pdf.js gives it (TextContent.items). */
export interface TextPiece {
  str: string;
  hasEOL?: boolean;
}

/** Letters and digits, '-' inside: 'SPXID0123456789', 'JX1234567890', 'LXAD-2012345678'. */
const WORD = /[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/g;
const MIN_LENGTH = 8;
const MAX_LENGTH = 40;
const DIGIT = /\d/;

/** A resi after its label: 'No. Resi: X', 'Resi X', 'AWB X', 'Tracking Number: X'. */
const LABELLED =
  /(?:no\.?\s*resi|nomor\s*resi|resi|awb|no\.?\s*lacak|tracking\s*(?:no\.?|number|id)?)\s*[:.#]?\s*([A-Za-z0-9][A-Za-z0-9-]{6,38}[A-Za-z0-9])/gi;

/** Resis of the couriers the marketplaces use most, for the guess only. */
const COURIER =
  /^(?:SPXID\d{6,}|ID\d{12,}[A-Z]?|J[XPDT]\d{8,}|LX[A-Z]{2}-?\d{6,}|NLID[A-Z0-9]{6,}|IDS\d{8,}|TKP\d{6,}|CGK[A-Z0-9]{6,}|00\d{10})$/i;

function words(text: string, into: Set<string>, limit: number): void {
  for (const match of text.matchAll(WORD)) {
    if (into.size >= limit) return;
    const word = match[0];
    if (word.length >= MIN_LENGTH && word.length <= MAX_LENGTH && DIGIT.test(word))
      into.add(word.toLowerCase());
  }
}

/**
 * The candidates of a page: the words of its text with the pieces apart (a space between them)
 * and, per line, together (a resi drawn in several pieces), at most `maxTokens`; the text read
 * is cut at `maxChars`.
 */
export function pageTokens(
  pieces: readonly TextPiece[],
  maxChars: number,
  maxTokens: number,
): { tokens: string[]; guess: string | null; hasText: boolean } {
  let spaced = '';
  let tight = '';
  for (const piece of pieces) {
    if (spaced.length >= maxChars) break;
    spaced += `${piece.str} `;
    tight += piece.str;
    if (piece.hasEOL === true) {
      spaced += '\n';
      tight += '\n';
    }
  }
  spaced = spaced.slice(0, maxChars);
  tight = tight.slice(0, maxChars);
  const hasText = /\S/.test(spaced);
  const found = new Set<string>();
  words(spaced, found, maxTokens);
  words(tight, found, maxTokens);
  return { tokens: [...found], guess: hasText ? guessOf(spaced) : null, hasText };
}

function guessOf(text: string): string | null {
  for (const match of text.matchAll(LABELLED)) {
    const word = match[1];
    if (word !== undefined && DIGIT.test(word)) return word;
  }
  for (const match of text.matchAll(WORD)) if (COURIER.test(match[0])) return match[0];
  return null;
}
