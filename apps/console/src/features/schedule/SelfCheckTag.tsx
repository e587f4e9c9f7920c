import { Tooltip, Typography } from 'antd';
import type { SelfCheck } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { HealthStateTag } from '../../components/health/HealthStateTag';
import { reasonText } from '../../components/health/reason-text';
import './schedule.css';

/**
 * The latest self-check before one of a schedule's recordings: its state as a tag, and in its tooltip when it ran,
 * for which start, and each check that was not ok with its reason.
 */
export function SelfCheckTag({ check }: { check: SelfCheck | null }) {
  const { t } = useTranslation('schedule');
  const { t: th } = useTranslation('health');
  if (!check) return <Typography.Text type="secondary">{t('selfcheckNone')}</Typography.Text>;
  const found = check.problems.map((p) => `${th(`checks.${p.check}`)}: ${reasonText(th, p.reason, p.args)}`);
  const title = (
    <div>
      <div>{t('selfcheckRan', { at: check.at, start: check.start })}</div>
      {found.length ? found.map((line) => <div key={line}>{line}</div>) : <div>{t('selfcheckAllOk')}</div>}
    </div>
  );
  return (
    <Tooltip title={title} trigger={['hover', 'focus']}>
      {/* A button, so a keyboard reaches the tooltip too; its name says what the tooltip shows. */}
      <button type="button" className="rc-selfcheck" aria-label={`${t('selfcheck')}: ${th(`states.${check.state}`)}. ${found.join('. ')}`}>
        <HealthStateTag state={check.state} />
      </button>
    </Tooltip>
  );
}
