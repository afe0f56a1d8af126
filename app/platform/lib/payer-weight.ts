/**
 * The default weight of a payer of the house, in hundredths: 1, plus 1 for a boo, plus the edition's
 * child weight. In the platform because two layers need it: the money feature's split, and a member
 * who leaves, whose weight is kept as it was when they left (decision 031).
 */
export function defaultWeight(guests: { boo: boolean; child: boolean }, childWeight: number): number {
  return 100 + (guests.boo ? 100 : 0) + (guests.child ? childWeight : 0);
}
