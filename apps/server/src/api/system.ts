import { Readable } from 'node:stream';
import { FILE_NAMES, LIMITS } from '@roomcast/contract';
import { Fail } from '../services/core/index.js';
import type { SystemArea } from '../services/system/index.js';
import { who, type HandlerMap } from './handler.js';

export const systemHandlers: HandlerMap<SystemArea> = {
  status: (ctx) => ctx.services.status.status(),
  roominfo: (ctx) => ({ roomname: ctx.services.room.name() }),
  getopelog: (ctx) => ctx.services.oplog.page(ctx.body.pagesize, ctx.body.pageindex),
  restore_opelog: (ctx) => {
    ctx.services.oplog.clear();
  },
  reboot: (ctx) => ctx.services.power.rebootSoon(),
  syncntp: async (ctx) => {
    ctx.describe(await ctx.services.time.syncNow());
  },
  autorepairstatus: (ctx) => ctx.services.autoRepair.status(),
  task_schedule: (ctx) => {
    const tasks = ctx.services.tasks;
    const b = ctx.body;
    if (b.operation === 'list') return tasks.list();
    if (b.operation === 'delete') {
      ctx.describe(`delete ${b.data.id}`);
      return tasks.remove(b.data.id);
    }
    ctx.describe(`${b.operation}${b.data.id === undefined ? '' : ` ${b.data.id}`} "${b.data.name}"`);
    const [saved] = b.operation === 'add' ? tasks.add(b.data) : tasks.update(b.data);
    ctx.describe(
      `${b.operation} ${saved!.id} "${saved!.name}" ${saved!.taskcode} ${saved!.cycle} ${saved!.start}${saved!.enable ? '' : ' (disabled)'}`,
    );
    return [saved!];
  },
  getSysLog: async (ctx) => {
    const which = ctx.services.logs.fileOf(ctx.filePath);
    if (!which) throw Fail.of('pathRejected');
    const { zip, files } = await ctx.services.logs.zip(which, ctx.body.password);
    ctx.describe(`${which}: ${files.join(', ') || 'no log file yet'}`);
    return { file: zip, filename: FILE_NAMES.syslogZip, contentType: 'application/zip' };
  },
  setlockscreen: async (ctx) => {
    if (ctx.body.idleminutes !== undefined) ctx.describe(`idle ${ctx.body.idleminutes} min`);
    await ctx.services.screenLock.set(ctx.body.password, ctx.body.idleminutes);
  },
  lockscreen: (ctx) => {
    const idle = ctx.services.screenLock.lock(who(ctx));
    ctx.describe(ctx.body.idle ? `after ${idle} min without input` : 'on demand');
  },
  unlockscreen: (ctx) => ctx.services.screenLock.unlock(who(ctx), ctx.body.password, ctx.source),
  lockscreenstate: (ctx) => ctx.services.screenLock.state(who(ctx)),
  frontlog: (ctx) => ctx.services.frontlog.post(who(ctx), ctx.source, ctx.body.entries),
  certificateinfo: (ctx) => ctx.services.certificate.info(),
  httpsaddresses: (ctx) => ({ origins: ctx.services.certificate.origins() }),
  downloadcertificate: async (ctx) => ({
    file: Buffer.from(await ctx.services.certificate.pem(), 'utf8'),
    filename: FILE_NAMES.certificate,
    contentType: 'application/x-pem-file',
  }),
  uploadcertificate: async (ctx) => {
    const info = await ctx.services.certificate.upload(ctx.body.certificate, ctx.body.key);
    ctx.describe(`${info.subject}, ${info.fingerprint}`);
    return info;
  },
  createcsr: (ctx) => {
    ctx.describe(ctx.body.names.join(' '));
    return ctx.services.certificate.createCsr(ctx.body.names);
  },
  selfsignedcertificate: (ctx) => ctx.services.certificate.useOwn(),
  acmeorder: (ctx) => ctx.services.certificate.orderAcme(),
  downloadgeneralfile: (ctx) => {
    if (ctx.filePath !== FILE_NAMES.configBackup) throw Fail.of('pathRejected');
    const { text, filename } = ctx.services.backup.backup(who(ctx));
    return { file: Buffer.from(text, 'utf8'), filename, contentType: 'application/octet-stream' };
  },
  uploadgeneralfile: async (ctx) => {
    const name = ctx.filePath?.split('/').pop()?.slice(0, 100);
    ctx.describe(`${name ?? '(no name)'}, ${ctx.raw.length} bytes`);
    if (ctx.raw.length > LIMITS.configBackupMaxBytes) throw Fail.of('uploadTooLarge', LIMITS.configBackupMaxBytes / (1024 * 1024));
    const { codes, keys } = await ctx.services.backup.restore(who(ctx), ctx.raw, name);
    ctx.describe(`${name ?? '(no name)'}: ${keys} values of ${codes} setting codes restored; restarting`);
    ctx.services.power.restartAfterRestore();
  },
  editproduct: async (ctx) => {
    const { usercode, password, data } = ctx.body;
    ctx.describe(data ? `as ${usercode}: ${data.map((d) => d.key).join(', ')}` : `check ${usercode}`);
    await ctx.services.product.edit(usercode, password, ctx.source, data);
  },
  updateinfo: (ctx) => ctx.services.update.info(),
  uploadupdate: async (ctx) => {
    const name = ctx.filePath?.split('/').pop()?.slice(0, 100) ?? '(no name)';
    ctx.describe(name);
    const installed = await ctx.services.update.install(ctx.stream ?? Readable.from([]), ctx.contentLength);
    ctx.describe(`${name}: ${installed.version} installed${installed.previous ? `, ${installed.previous} kept` : ''}; restarting`);
    return installed;
  },
};
