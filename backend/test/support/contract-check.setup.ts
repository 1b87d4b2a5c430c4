import { takeDrifts } from './contract-drifts';

// Every answer an API test received was checked against the OpenAPI document as it arrived
// (support/contract.ts): one that drifted fails the test that received it.
afterEach(() => {
  const drifts = takeDrifts();
  if (drifts.length) throw new Error(`Answers that drift from the OpenAPI document:\n${drifts.join('\n')}`);
});
