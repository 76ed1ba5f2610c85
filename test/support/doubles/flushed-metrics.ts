import { metrics } from '../../../shared/telemetry/metrics';

/**
 * What each invocation hands to Powertools at its end, read before Powertools clears it: registers its own
 * beforeAll/afterAll in the describe block (or file) that calls it, and answers the list it fills.
 */
export function flushedMetrics(): Array<Record<string, unknown>> {
  const flushed: Array<Record<string, unknown>> = [];
  beforeAll(() => {
    const emf = metrics();
    jest.spyOn(emf, 'publishStoredMetrics').mockImplementation(() => {
      flushed.push(emf.serializeMetrics() as unknown as Record<string, unknown>);
      emf.clearMetrics();
      emf.clearDimensions();
      emf.clearMetadata();
      return emf;
    });
  });
  afterAll(() => jest.restoreAllMocks());
  return flushed;
}
