/**
 * One subscriber, one key: a phone written the local way (0812…) is the same number as
 * 62812…, so the per-destination limits count both together. E-mail addresses are
 * already lower-cased when the creation is parsed (schemas/v3/destination.ts).
 */
export function destinationKey(destination: string): string {
  return /^0\d+$/.test(destination) ? `62${destination.slice(1)}` : destination;
}
