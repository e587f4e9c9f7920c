import { Navigate } from 'react-router';
import { useAuth } from './auth';
import { useWebConfig } from './webconfig';
import { MENU_PAGES } from './console-pages';
import { StatusResult } from './pages';

/** /console: the first menu item this user may use (after login, spec §2). */
export default function ConsoleIndex() {
  const { can } = useAuth();
  const config = useWebConfig();
  const first = MENU_PAGES.find((p) => can(...p.requires) && !p.hiddenWhen?.(config));
  return first ? <Navigate to={`/console/${first.path}`} replace /> : <StatusResult status={403} />;
}
