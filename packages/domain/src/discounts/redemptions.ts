/** The limit in force: null = unlimited (switch off, or maximum 0). */
export function redemptionLimit(
  limitOn: boolean | null | undefined,
  max: number | null | undefined,
): number | null {
  return limitOn && max && max > 0 ? max : null;
}

export function hasRedemptionsLeft(limit: number | null, used: number): boolean {
  return limit === null || used < limit;
}
