/** The composition root, operations: the health check and the entity administration (admin CLI, demo). */
import { StoreProbe } from '../adapters/store-probe';
import { config } from '../config';
import { AdminService } from '../services/operations/admin-service';
import { HealthService } from '../services/operations/health-service';
import { once, repositories, table } from './core';

export const healthService = /* @__PURE__ */ once(
  () => new HealthService({ store: new StoreProbe(table()), debugMode: config.debugModeEnabled }),
);
/** Entity administration over every repository of the table. */
export const adminService = /* @__PURE__ */ once(() => new AdminService(repositories(table())));
