import type { BusinessMetrics } from '../core/business-metrics';
import { count } from './invocation';
import { deliveryMetric, METRIC, refusedMetric } from './names';

/** The services' BusinessMetrics port: each call is a metric of the invocation's one EMF line. */
export const businessMetrics: BusinessMetrics = {
  bookingMade: () => count(METRIC.bookingsMade),
  bookingRefused: (reason) => {
    count(METRIC.bookingsRefused);
    count(refusedMetric(reason));
  },
  cancelled: () => count(METRIC.cancellations),
  moved: () => count(METRIC.moves),
  delivery: (result) => count(deliveryMetric(result)),
  email: (result) =>
    count(
      result === 'sent'
        ? METRIC.emailsSent
        : result === 'failed'
          ? METRIC.emailsFailed
          : result === 'off'
            ? METRIC.emailsOff
            : METRIC.emailsCapped,
    ),
};
