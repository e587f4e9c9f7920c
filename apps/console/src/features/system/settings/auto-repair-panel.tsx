import { useEffect } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { AutoRepairRun, AutoRepairStep } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../../api/hooks';
import { panel } from '../../../components/settings/settings-form';
import type { SettingsEdit } from '../../../components/settings/use-settings-edit';

/*
 * Auto repair (System settings; decisions.ts "Auto repair"): `setting_autorepair` on the one SettingsPanel (the
 * contract refuses an empty window; an end before the start runs overnight), and under it what the service says of
 * its last run (`autorepairstatus`), step by step, in the reader's language.
 */
const REPAIR = 'screens.system.autorepair';
const R = 'screens.system.repair';
/** While a run is under way it is read again this often; otherwise now and then, and after each save. */
const RUNNING_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;

/** Palette colours, whose tag text the theme keeps at 4.5:1 (antd's status colours are lighter). */
const RESULT_COLORS: Record<AutoRepairRun['result'], string> = { ok: 'green', problems: 'red', failed: 'red', skipped: 'default' };
const OUTCOME_COLORS: Record<AutoRepairStep['outcome'], string> = { ok: 'green', problem: 'red', failed: 'red', skipped: 'default' };

/** What one step did, as a sentence of the reader's language (SQLite's own words stay as they are). */
function stepText(t: (key: string, o?: Record<string, unknown>) => string, s: AutoRepairStep): string {
  const c = s.counts;
  if (s.outcome === 'skipped') return t(`${R}.skipped.${s.reason || 'other'}`);
  if (s.outcome === 'failed') return t(`${R}.failed`, { detail: s.detail });
  switch (s.step) {
    case 'database':
      if (c.problems) return t(`${R}.text.damaged`, { count: c.problems });
      if (c.foreignkeys) return t(`${R}.text.foreignKeys`, { count: c.foreignkeys });
      return t(`${R}.text.intact`);
    case 'checkpoint':
      return s.outcome === 'problem' ? t(`${R}.text.checkpointBusy`) : t(`${R}.text.checkpoint`, { count: c.pages ?? 0 });
    case 'recordings':
      return t(`${R}.text.recordings`, { count: c.finalized ?? 0 });
    case 'storage':
      return t(`${R}.text.storage`, { adopted: c.adopted ?? 0, missing: c.missing ?? 0 });
    case 'reboot':
      return t(`${R}.text.reboot`);
  }
}

function AutoRepairStatus({ form }: { form: SettingsEdit }) {
  const { t } = useTranslation('settings');
  const saved = form.loaded?.setting_autorepair;
  const query = useCallQuery('autorepairstatus', {}, { silent: true });
  const status = query.data;
  const { refetch } = query;
  const savedKey = JSON.stringify(saved ?? {});
  // A save may start a run at once (its window is open): read it again after each one.
  useEffect(() => {
    void refetch();
  }, [savedKey, refetch]);
  useEffect(() => {
    if (!status?.running && !status?.enable) return;
    const timer = setInterval(() => void refetch(), status.running ? RUNNING_POLL_MS : IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [status?.running, status?.enable, refetch]);
  if (!status) return null;
  const last = status.last;
  return (
    <Flex vertical gap={6} className="rc-auto-repair" data-testid="auto-repair-status">
      <Typography.Text type="secondary">{t(`${R}.help`)}</Typography.Text>
      <Typography.Text>
        {t(`${R}.next`)}{' '}
        <Typography.Text strong data-testid="auto-repair-next">
          {status.running ? t(`${R}.running`) : status.enable ? status.next || '—' : t(`${R}.off`)}
        </Typography.Text>
      </Typography.Text>
      <Typography.Text>
        {t(`${R}.last`)}{' '}
        {last ? (
          <>
            <Typography.Text strong>{last.end ? `${last.start} – ${last.end.slice(11)}` : last.start}</Typography.Text>{' '}
            <Tag color={RESULT_COLORS[last.result]} data-testid="auto-repair-result">
              {t(`${R}.results.${last.result}`)}
            </Tag>
          </>
        ) : (
          <Typography.Text strong>{t(`${R}.never`)}</Typography.Text>
        )}
      </Typography.Text>
      {last && last.steps.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t(`${R}.stepsLabel`)}>
          {last.steps.map((s) => (
            <li key={s.step} data-testid={`auto-repair-step-${s.step}`}>
              <Tag color={OUTCOME_COLORS[s.outcome]}>{t(`${R}.steps.${s.step}`)}</Tag> {stepText(t, s)}
              {s.outcome === 'problem' && s.detail && (
                <Typography.Paragraph code style={{ margin: '4px 0 0' }}>
                  {s.detail}
                </Typography.Paragraph>
              )}
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

/** The auto repair panel of the System settings screen, with its last run under it. */
export const AUTO_REPAIR_PANEL = panel({ title: REPAIR, code: 'setting_autorepair', keys: ['enable', 'starttime', 'endtime', 'reboot'] });
export const AUTO_REPAIR_BELOW = { [REPAIR]: (form: SettingsEdit) => <AutoRepairStatus form={form} /> };
