import { panel } from '../../../components/settings/settings-form';

/*
 * The health checks' thresholds (`setting_health`, issue 21) on the one SettingsPanel: when each check of the
 * workbench's Health panel warns, and when the self-check runs before a scheduled recording. The labels (with their
 * units) are the `settings` namespace's, the ranges the contract's; a help line says where a warning turns into an error.
 */
const H = 'screens.system.healthHelp';
export const HEALTH_PANEL = panel({
  title: 'screens.system.health',
  code: 'setting_health',
  fields: {
    encoderspeedpercent: { help: `${H}.encoderspeedpercent` },
    encoderrestarts: { help: `${H}.encoderrestarts` },
    selfcheckminutes: { help: `${H}.selfcheckminutes` },
    temperature: { help: `${H}.temperature` },
  },
});
