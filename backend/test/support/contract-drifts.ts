/**
 * Answers that drifted from the contract, each named by its request (support/contract.ts records
 * them); kept apart from the checker so the per-test hook loads no part of the app.
 */
const drifts: string[] = [];

export function recordDrift(drift: string): void {
  drifts.push(drift);
}

/** The drifts seen since the last call (contract-check.setup.ts fails the test that received them). */
export function takeDrifts(): string[] {
  return drifts.splice(0, drifts.length);
}
