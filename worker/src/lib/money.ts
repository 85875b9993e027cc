// Stored as integer kuruş, spoken on the wire as TL numbers (behaviour.md#time-money-and-identity).
export const toKurus = (tl: number): number => Math.round(tl * 100);
export const toTl = (kurus: number): number => kurus / 100;
