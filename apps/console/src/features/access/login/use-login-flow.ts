import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, call } from '../../../api/client';
import { readSession } from '../../../api/session-store';
import { useAuth } from '../../../app/auth';
import { localizeServerMessage, tMessage } from '../../../app/messages';

export interface Credentials {
  usercode: string;
  password: string;
}

/** The force-out question on screen: whom it is about, and how the person answered (OK: true). */
export interface ForceQuestion {
  usercode: string;
  answer: (force: boolean) => void;
}

/**
 * The error line's text for a failed login call (spec §8): the service's message for a refusal (wrong
 * password, "has been logined", throttled 429); "Fail to access to web server" when it could not be asked.
 */
export function loginErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'business' || err.status === 429 || err.status === 400) return localizeServerMessage(err.message);
    if (err.status === 401) return tMessage('messageLoginFail');
  }
  return tMessage('errorLogin');
}

/**
 * Spec §2 Login: ask `currentuser` first. Our own live session goes straight to `/`; someone else's session
 * is forced out only after the person confirms; otherwise log in. Success opens settings mode.
 */
export function useLoginFlow() {
  const { login, reload } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [forceQuestion, setForceQuestion] = useState<ForceQuestion>();

  const doLogin = async ({ usercode, password }: Credentials) => {
    try {
      await login(usercode, password);
      navigate('/console', { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
    }
  };

  // The page shows the question (ConfirmDialog) while `forceQuestion` is set.
  const confirmForce = (usercode: string) =>
    new Promise<boolean>((resolve) => {
      setForceQuestion({
        usercode,
        answer: (force) => {
          setForceQuestion(undefined);
          resolve(force);
        },
      });
    });

  const submit = async (credentials: Credentials) => {
    const usercode = credentials.usercode.replace(/\s+/g, '');
    setError('');
    setBusy(true);
    try {
      let current: Awaited<ReturnType<typeof call<'currentuser'>>>;
      try {
        current = await call('currentuser', { usercode });
      } catch (err) {
        setError(err instanceof ApiError && err.kind === 'business' ? localizeServerMessage(err.message) : loginErrorText(err));
        return;
      }
      if (current.islogined && current.sessionid !== '' && current.sessionid === readSession()?.id) {
        await reload();
        navigate('/', { replace: true });
        return;
      }
      if (current.islogined && !(await confirmForce(usercode))) return;
      await doLogin({ usercode, password: credentials.password });
    } finally {
      setBusy(false);
    }
  };

  return { submit, error, busy, forceQuestion, clearError: () => setError('') };
}
