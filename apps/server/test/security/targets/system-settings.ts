import { commandValue, SHAPES, settingValue } from '../support/targets.js';

// NTP, network and clock: on devices of this kind these reach ntpdate/ifconfig/date through a shell.
commandValue(
  settingValue('setting_ntp', 'server', {
    area: 'system',
    shapes: SHAPES.host,
    consumer: 'syncntp and the NTP system task (an NTP client run with execFile)',
    use: {
      what: 'syncntp',
      call: 'syncntp',
      check: async (ctx) => {
        await ctx.t.post('syncntp', {}, ctx.admin);
      },
    },
  }),
);
for (const key of ['ip', 'netmask', 'gateway', 'dns', 'mac']) {
  commandValue(
    settingValue('setting_system_network', key, {
      area: 'system',
      shapes: SHAPES.address,
      consumer: 'the host adapter that applies the network (not built yet)',
    }),
  );
}
commandValue(
  settingValue('setting_datetime', 'current', {
    area: 'system',
    shapes: [(p) => p, (p) => `2026-11-23 08:00:00${p}`],
    consumer: 'setting the system clock (not built yet)',
  }),
);
commandValue(
  settingValue('setting_datetime', 'zone', {
    area: 'system',
    shapes: [(p) => p, (p) => `UTC+08:00${p}`],
    consumer: 'the device time zone',
  }),
);
