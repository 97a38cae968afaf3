import { FIELDS, VALIDATION_MESSAGES, isPrintableAscii } from '@gudang/api-client';

/**
 * What is wrong with the characters of a typed resi, or undefined: the server's rule (printable
 * ASCII, what a courier's barcode holds), so that an emoji or a curly quote is named at its field
 * before anything is sent.
 */
export const resiCharactersError = (resi: string): string | undefined =>
  isPrintableAscii(resi.trim())
    ? undefined
    : VALIDATION_MESSAGES.printableAscii(FIELDS.resi_number.label);
