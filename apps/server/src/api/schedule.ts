import type { ScheduleArea } from '../services/schedule/index.js';
import type { HandlerMap } from './handler.js';

/** `schedule`: list | add | update | delete; the rules live in the schedule service. */
export const scheduleHandlers: HandlerMap<ScheduleArea> = {
  schedule: (ctx) => {
    const schedules = ctx.services.schedules;
    const b = ctx.body;
    switch (b.operation) {
      case 'list':
        ctx.describe('list');
        return schedules.list();
      case 'add':
      case 'update': {
        ctx.describe(`${b.operation} ${b.operation === 'update' ? `${b.data.id ?? '?'} ` : ''}"${b.data.name}"`);
        const saved = b.operation === 'add' ? schedules.add(b.data) : schedules.update(b.data);
        ctx.describe(
          `${b.operation} ${saved.id} "${saved.name}" ${saved.cycle} ${saved.start} - ${saved.stop}${saved.enable ? '' : ' (disabled)'}`,
        );
        return [saved];
      }
      case 'delete':
        ctx.describe(`delete ${b.data.id}`);
        return schedules.remove(b.data.id);
    }
  },
  exportschedule: (ctx) => ctx.services.schedules.exportIcal(),
  importschedule: (ctx) => {
    const result = ctx.services.schedules.importIcal(ctx.body.ics);
    ctx.describe(
      result.problems.length
        ? `import refused: ${result.problems.length} event(s) cannot be schedules`
        : `import: ${result.added} added, ${result.updated} updated`,
    );
    return result;
  },
};
