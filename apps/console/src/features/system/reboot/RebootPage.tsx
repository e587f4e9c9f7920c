import { useEffect, useState } from 'react';
import { Card, Progress, Typography } from 'antd';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './reboot.css';

/** /reboot: counts down 180 s while the appliance restarts, then goes to /login (spec §4). */
export default function RebootPage() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const total = LIMITS.rebootCountdownS;
  const [startedAt] = useState(() => Date.now());
  const [left, setLeft] = useState<number>(total);

  useEffect(() => {
    // Counted from the start time, not by ticks, so a throttled background tab still ends on time.
    const timer = setInterval(() => {
      setLeft(Math.max(0, total - Math.floor((Date.now() - startedAt) / 1000)));
    }, 1000);
    return () => clearInterval(timer);
  }, [startedAt, total]);

  useEffect(() => {
    if (left === 0) navigate('/login', { replace: true });
  }, [left, navigate]);

  return (
    <main className="rc-reboot">
      <Card className="rc-reboot-card">
        <Typography.Title level={3}>{t('reboot.title')}</Typography.Title>
        <Progress
          type="circle"
          size={160}
          aria-label={t('reboot.progressLabel')}
          percent={Math.round(((total - left) / total) * 100)}
          format={() => <span data-testid="reboot-seconds">{left}</span>}
        />
        <Typography.Paragraph type="secondary" className="rc-reboot-text">
          {t('reboot.description', { seconds: left })}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
