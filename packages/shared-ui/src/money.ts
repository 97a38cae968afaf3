// Money in the browser: amounts of at most two decimals, added and multiplied as whole cents so
// that 0.1 + 0.2 is 0.3 (exact while a total stays below 90 trillion rupiah).

/** An amount as whole cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Whole cents as an amount. */
export const fromCents = (cents: number): number => cents / 100;

/** Price times quantity. */
export const lineTotal = (price: number, quantity: number): number =>
  fromCents(toCents(price) * quantity);

/** The sum of amounts. */
export const sumMoney = (amounts: readonly number[]): number =>
  fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
