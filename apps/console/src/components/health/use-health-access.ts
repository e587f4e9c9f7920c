import { checkRequirement, HEALTH_PERMISSION } from '@roomcast/contract';
import { useAuth } from '../../app/auth';

/** Whether the user may see the room's health (the contract's HEALTH_PERMISSION, which the service enforces too). */
export function useHealthAccess(): boolean {
  const { user } = useAuth();
  return checkRequirement(HEALTH_PERMISSION, user) === 'allow';
}
