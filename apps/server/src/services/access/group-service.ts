import type { CallBody } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { CodeType } from '../../db/repositories/access-repository.js';
import { Fail } from '../core/index.js';

export function groupService(repos: Repositories) {
  return {
    list: () => repos.groups.list(),
    create(b: CallBody<'newusergroup'>) {
      if (repos.groups.find(b.groupcode)) throw Fail.of('groupExists', b.groupcode);
      repos.groups.insert(b);
    },
    update(b: CallBody<'updateusergroup'>) {
      if (!repos.groups.update(b)) throw Fail.of('groupNotFound', b.groupcode);
    },
    remove(groupcode: string) {
      if (!repos.groups.find(groupcode)) throw Fail.of('groupNotFound', groupcode);
      if (repos.users.countInGroup(groupcode) > 0) throw Fail.of('groupInUse', groupcode);
      repos.access.removeGroup(groupcode);
      repos.groups.remove(groupcode);
    },
    listAccess: (code: string, type: CodeType) => repos.access.list(code, type),
    saveAccess(code: string, type: CodeType, groups: string[]) {
      const exists = type === 'user' ? repos.users.find(code) : repos.groups.find(code);
      if (!exists) throw type === 'user' ? Fail.of('userNotFound', code) : Fail.of('groupNotFound', code);
      const unknown = groups.filter((g) => !repos.groups.find(g));
      if (unknown.length) throw Fail.of('groupNotFound', unknown.join(', '));
      repos.access.replace(code, type, [...new Set(groups)]);
    },
  };
}
export type GroupService = ReturnType<typeof groupService>;
