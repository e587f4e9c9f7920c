import type { Repositories } from '../../db/repositories/index.js';
import type { DeviceClock } from '../core/index.js';
import { oplogService, type OpLogService } from './oplog-service.js';

export type { OpLogService } from './oplog-service.js';

/** The operation log, made before the other domains: they all write to it (it depends on no domain but core). */
export function createOplog(d: { repos: Repositories; device: DeviceClock }): OpLogService {
  return oplogService(d.repos, d.device);
}
