import { useEffect, useRef, useState } from 'react';
import type { LoginInput } from '#shared/auth';
import { trpc } from '#client/lib/trpc';
import { replaceToasts } from '#client/ui/toast';
import type { AdminCheck } from '../session/auth-check';
import { useMarkSignedOut, useSetAuth } from '../session/session';
import { useDocumentTitle } from '../ui/use-document-title';
import {
  codeAsked,
  loginRefused,
  PASSKEY_NEXT,
  PASSWORD_AGAIN,
  verified,
  verifyRefused,
  welcome,
} from './login-notices';
import { useFinishSignIn } from './use-finish-sign-in';

/**
 * The sign-in's step: the password, then a code (mailed or from the app), or `passkey`: the
 * password was right, and this user's passkey finishes the sign-in.
 */
export type Step = 'password' | 'code' | 'passkey';
/** What the code step asks for: the login's answer, or after a reload the server's check. */
export type Method = 'email' | 'totp' | null;

/**
 * Both sign-in steps. The password is kept in memory (a ref, never storage) only while the
 * code is awaited, so "Send a new code" can sign in again without asking for it; it is
 * dropped on success, on going back and when the page is left. After a reload mid-way the
 * password is gone, and asking for a new code returns to the password step.
 *
 * Its notices replace every earlier toast rather than queue behind them: each makes the
 * earlier ones untrue ("Login failed" once a later try succeeded, "Verification code sent"
 * once signed in), and queued they came back on the dashboard after the newest closed.
 */
export function useLoginSteps(auth: AdminCheck) {
  const [step, setStep] = useState<Step>(auth.awaitingTwoFactor ? 'code' : 'password');
  const [username, setUsername] = useState(auth.username ?? '');
  const [codeAttempt, setCodeAttempt] = useState(0);
  const [method, setMethod] = useState<Method>(auth.pendingMethod);
  const [recovery, setRecovery] = useState(false);
  const password = useRef<string | null>(null);
  const { finishSignIn, redirecting } = useFinishSignIn(password);
  const setAuth = useSetAuth();
  const markSignedOut = useMarkSignedOut();
  const utils = trpc.useUtils();

  useDocumentTitle(step === 'code' ? 'Two-Factor Authentication' : 'Admin Login');
  useEffect(
    () => () => {
      password.current = null;
    },
    [],
  );

  const login = trpc.admin.login.useMutation();
  const verify = trpc.admin.verifyCode.useMutation();
  const recover = trpc.admin.recoveryCode.useMutation();
  const logout = trpc.admin.logout.useMutation();

  const signIn = (credentials: LoginInput, resending: boolean) => {
    login.mutate(credentials, {
      onSuccess: (result) => {
        setUsername(credentials.username);
        if (result.requiresTwoFactor && result.method === 'passkey') {
          // Nothing is pending on the server: the passkey's own sign-in is the whole one.
          password.current = null;
          replaceToasts(PASSKEY_NEXT);
          setStep('passkey');
          return;
        }
        if (result.requiresTwoFactor) {
          password.current = credentials.password;
          setAuth({
            authenticated: false,
            username: credentials.username,
            awaitingTwoFactor: true,
            pendingMethod: result.method,
            setupRequired: false,
          });
          setMethod(result.method);
          setRecovery(false);
          replaceToasts(codeAsked(result.method));
          setStep('code');
          setCodeAttempt((n) => n + 1);
          return;
        }
        replaceToasts(welcome(credentials.username));
        finishSignIn(credentials.username, result.setupRequired);
      },
      onError: (error) => replaceToasts(loginRefused(resending, error)),
    });
  };

  const onVerified = (answer: object) => {
    replaceToasts(verified(answer));
    finishSignIn(username);
  };

  const onRefused = (error: unknown) => {
    replaceToasts(verifyRefused(error));
    setCodeAttempt((n) => n + 1);
    void returnIfChallengeEnded();
  };

  const verifyCode = (code: string) => {
    verify.mutate({ code }, { onSuccess: onVerified, onError: onRefused });
  };

  const useRecovery = (code: string) => {
    recover.mutate({ code }, { onSuccess: onVerified, onError: onRefused });
  };

  /**
   * After the last allowed wrong code, or once the code expired, the server drops the
   * pending sign-in: then the password step is the only way on, so show it.
   */
  const returnIfChallengeEnded = async () => {
    try {
      const auth = await utils.client.admin.check.query();
      setAuth(auth);
      setMethod(auth.pendingMethod);
      if (!auth.awaitingTwoFactor && !auth.authenticated) {
        password.current = null;
        setStep('password');
      }
    } catch {
      // Unknown state: the code step stays, and its own errors will say what is wrong.
    }
  };

  const resendCode = () => {
    if (password.current === null) {
      replaceToasts(PASSWORD_AGAIN);
      backToPassword();
      return;
    }
    signIn({ username, password: password.current }, true);
  };

  const backToPassword = () => {
    password.current = null;
    // Drop the half-finished sign-in on the server too; a failure here changes nothing for
    // the visitor, who signs in afresh either way.
    logout.mutate();
    markSignedOut();
    setStep('password');
  };

  const passkeySignedIn = (name: string) => {
    replaceToasts(welcome(name));
    finishSignIn(name);
  };

  const busy = redirecting;
  return {
    step,
    setStep,
    username,
    codeAttempt,
    method,
    recovery,
    setRecovery,
    busy,
    login,
    verify,
    recover,
    signIn,
    verifyCode,
    useRecovery,
    resendCode,
    backToPassword,
    passkeySignedIn,
  };
}
