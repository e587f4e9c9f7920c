import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import { useRecordStatus } from '../../app/status';
import { HEALTH_PANEL_HREF, WORKBENCH_FUNCTIONS } from './health-link';
import { HealthStateTag } from './HealthStateTag';
import { useHealthAccess } from './use-health-access';
import './health.css';

/**
 * The service pushes the status at each change of the room's health; the badge's own reads are only for a push
 * that was missed, so a page that shows nothing else of the status is not polled every 5 s for it.
 */
const BADGE_POLL_MS = 60_000;

/**
 * The room's health (the worst check, from the one status provider) as a tag with icon and text, for users who may
 * see it; it opens the workbench's Health panel. `compact` shows the state alone (the narrow header), and a phone's
 * header only the state's icon (health.css): its name stays the link's.
 */
export function HealthBadge({ compact = false }: { compact?: boolean }) {
  const allowed = useHealthAccess();
  return allowed ? <RoomHealth compact={compact} /> : null;
}

function RoomHealth({ compact }: { compact: boolean }) {
  const { t } = useTranslation('health');
  const { can } = useAuth();
  const state = useRecordStatus(BADGE_POLL_MS).data?.health;
  if (!state) return null;
  const label = t('badge.label', { state: t(`states.${state}`) });
  const tag = (
    <HealthStateTag state={state} className="rc-health-tag">
      <span className="rc-health-text">{compact ? t(`states.${state}`) : label}</span>
    </HealthStateTag>
  );
  // Who may see the health but not open the workbench (systemsetting alone) gets the badge without a link.
  if (!can(...WORKBENCH_FUNCTIONS))
    return (
      <span role="status" aria-label={label} className="rc-health-badge" data-testid="health-badge" data-state={state}>
        {tag}
      </span>
    );
  return (
    <Link to={HEALTH_PANEL_HREF} aria-label={label} className="rc-health-badge" data-testid="health-badge" data-state={state}>
      {tag}
    </Link>
  );
}
