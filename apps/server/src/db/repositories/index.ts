import type { Db } from '../open.js';
import { usersRepository } from './users-repository.js';
import { groupsRepository } from './groups-repository.js';
import { sessionsRepository } from './sessions-repository.js';
import { settingsRepository } from './settings-repository.js';
import { oplogRepository } from './oplog-repository.js';
import { accessRepository } from './access-repository.js';
import { recordingsRepository } from './recordings-repository.js';
import { recordingListRepository } from './recording-list-repository.js';
import { schedulesRepository } from './schedules-repository.js';
import { layoutsRepository } from './layouts-repository.js';
import { snapshotsRepository } from './snapshots-repository.js';
import { albumsRepository } from './albums-repository.js';
import { transfersRepository } from './transfers-repository.js';
import { opencastRepository } from './opencast-repository.js';
import { tasksRepository } from './tasks-repository.js';
import { maintenanceRepository } from './maintenance-repository.js';
import { healthRepository } from './health-repository.js';
import { chaptersRepository } from './chapters-repository.js';
import { searchRepository } from './search-repository.js';
import { captionsRepository } from './captions-repository.js';

/** All repositories over one database: the only place with SQL. */
export function createRepositories(db: Db) {
  return {
    users: usersRepository(db),
    groups: groupsRepository(db),
    sessions: sessionsRepository(db),
    settings: settingsRepository(db),
    oplog: oplogRepository(db),
    access: accessRepository(db),
    recordings: recordingsRepository(db),
    recordingList: recordingListRepository(db),
    schedules: schedulesRepository(db),
    layouts: layoutsRepository(db),
    snapshots: snapshotsRepository(db),
    chapters: chaptersRepository(db),
    search: searchRepository(db),
    captions: captionsRepository(db),
    albums: albumsRepository(db),
    transfers: transfersRepository(db),
    opencast: opencastRepository(db),
    tasks: tasksRepository(db),
    health: healthRepository(db),
    /** The database file itself: integrity check and WAL checkpoint (auto repair). */
    maintenance: maintenanceRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
