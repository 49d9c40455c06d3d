import { Suspense, lazy, use, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { REDIRECT_AFTER_LOGIN_MS, REDIRECT_WHEN_AUTHENTICATED_MS } from '#shared/constants';
import type { LoginInput } from '#shared/auth';
import { trpc } from '#client/lib/trpc';
import { replaceToasts } from '#client/ui/toast';
import type { AdminCheck } from '../auth-check';
import { CheckingAuthentication } from '../auth-status';
import { useSiteBrand } from '#client/lib/site-brand';
import { Logo } from '#client/ui/logo';
import { focusRing, touchTarget } from '#shared/ui-styles';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { Card, returnLinkClass } from '../card';
import { errorMessage } from '../errors';
import { afterSignIn, useDelayedNavigate, useMarkSignedOut, useSetAuth } from '../session';
import { useDocumentTitle } from '../use-document-title';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordForm } from './password-form';
import { inlineLinkClass } from '../password-reset/reset-frame';

/**
 * The steps after the password load when reached: with react-aria's buttons and the code
 * boxes they would weigh on every visit's first load (docs/performance.md, "The sign-in
 * page's first load").
 */
const CodeForm = lazy(() => import('./code-form').then((m) => ({ default: m.CodeForm })));
const PasskeyStep = lazy(() => import('./passkey-step').then((m) => ({ default: m.PasskeyStep })));

/** Where a later step stands while its code arrives (a moment, once per visit). */
const STEP_LOADING = <div aria-busy="true" className="min-h-40" />;

const CODE_SENT = {
  title: 'Verification code sent',
  description: 'Please check your email for the 6-digit verification code',
} as const;

export function LoginPage({ auth }: { auth: Promise<AdminCheck> }) {
  return (
    <Suspense fallback={<CheckingAuthentication />}>
      <LoginScreen auth={auth} />
    </Suspense>
  );
}

function LoginScreen({ auth: authPromise }: { auth: Promise<AdminCheck> }) {
  const auth = use(authPromise);
  const company = useSiteBrand();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-subtle p-4">
      <div className="flex w-full max-w-md items-center justify-between gap-3">
        <a
          href="/"
          aria-label={`${company.name}, home`}
          className={`rounded-lg ${touchTarget} ${focusRing}`}
        >
          <Logo {...company} />
        </a>
        <ThemeToggle />
      </div>
      {auth.authenticated ? <AlreadySignedIn /> : <LoginCard auth={auth} />}
      <a href="/" className={returnLinkClass}>
        Return to the Site
      </a>
    </main>
  );
}

function AlreadySignedIn() {
  useDocumentTitle('Admin Login');
  const navigateLater = useDelayedNavigate();
  useEffect(() => {
    navigateLater(afterSignIn(), REDIRECT_WHEN_AUTHENTICATED_MS, { replace: true });
  }, [navigateLater]);
  return (
    <Card className="w-full max-w-md text-center">
      <h1 className="text-2xl font-bold text-ink">Admin Login</h1>
      <p role="status" className="mt-4 text-muted">
        You are already signed in. Redirecting to the dashboard...
      </p>
    </Card>
  );
}

/** `passkey`: the password was right, and this user's passkey finishes the sign-in. */
type Step = 'password' | 'code' | 'passkey';
/** What the code step asks for: the login's answer, or after a reload the server's check. */
type Method = 'email' | 'totp' | null;

const CODE_PROMPTS: Record<'email' | 'totp' | 'unknown', string> = {
  email: 'Enter the 6-digit verification code sent to your email',
  totp: 'Enter the 6-digit code from your authenticator app',
  unknown: 'Enter your 6-digit sign-in code',
};

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
function LoginCard({ auth }: { auth: AdminCheck }) {
  const [step, setStep] = useState<Step>(auth.awaitingTwoFactor ? 'code' : 'password');
  const [username, setUsername] = useState(auth.username ?? '');
  const [codeAttempt, setCodeAttempt] = useState(0);
  const [method, setMethod] = useState<Method>(auth.pendingMethod);
  const [recovery, setRecovery] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const password = useRef<string | null>(null);
  const setAuth = useSetAuth();
  const markSignedOut = useMarkSignedOut();
  const navigateLater = useDelayedNavigate();
  const utils = trpc.useUtils();

  useDocumentTitle(step === 'code' ? 'Two-Factor Authentication' : 'Admin Login');
  useEffect(
    () => () => {
      password.current = null;
    },
    [],
  );

  /**
   * Signed in: to the landing screen, whose guard sends a session signed in to the set-up of
   * a second factor only (production, a user without one) to the set-up screen instead.
   */
  const finishSignIn = (name: string, setupRequired = false) => {
    password.current = null;
    setRedirecting(true);
    setAuth({
      authenticated: true,
      username: name,
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired,
    });
    navigateLater(afterSignIn(), REDIRECT_AFTER_LOGIN_MS, { replace: true });
  };

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
          replaceToasts({
            title: 'Password accepted',
            description: 'Use your passkey to finish signing in',
          });
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
          replaceToasts(
            result.method === 'totp'
              ? {
                  title: 'Password accepted',
                  description: 'Enter the code your authenticator app shows',
                }
              : CODE_SENT,
          );
          setStep('code');
          setCodeAttempt((n) => n + 1);
          return;
        }
        replaceToasts({
          title: 'Login successful',
          description: `Welcome back, ${credentials.username}!`,
        });
        finishSignIn(credentials.username, result.setupRequired);
      },
      onError: (error) => {
        replaceToasts({
          title: resending ? 'Could not send a new code' : 'Login failed',
          description: errorMessage(error),
          variant: 'destructive',
        });
      },
    });
  };

  const onVerified = (answer: object) => {
    // A recovery code's answer warns when few are left.
    const warning =
      'warning' in answer && typeof answer.warning === 'string' ? answer.warning : null;
    replaceToasts({
      title: 'Authentication successful',
      description: warning ?? 'You are now signed in.',
    });
    finishSignIn(username);
  };

  const onRefused = (error: unknown) => {
    replaceToasts({
      title: 'Verification failed',
      description: errorMessage(error),
      variant: 'destructive',
    });
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
      replaceToasts({
        title: 'Enter your password again',
        description: 'Signing in again sends a new verification code.',
      });
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
    replaceToasts({ title: 'Login successful', description: `Welcome back, ${name}!` });
    finishSignIn(name);
  };

  const busy = redirecting;
  return (
    <Card className="w-full max-w-md">
      {step === 'password' ? (
        <>
          <h1 className="mb-6 text-center text-2xl font-bold text-ink">Admin Login</h1>
          <PasswordForm
            initialUsername={username}
            isSubmitting={login.isPending || busy}
            onSubmit={(credentials) => signIn(credentials, false)}
          />
          <p className="mt-3 text-center text-sm">
            <Link to="/admin/forgot-password" className={inlineLinkClass}>
              Forgot your password?
            </Link>
          </p>
          <PasskeySignIn isDisabled={login.isPending || busy} onSignedIn={passkeySignedIn} />
        </>
      ) : step === 'passkey' ? (
        <Suspense fallback={STEP_LOADING}>
          <PasskeyStep
            isDisabled={busy}
            onSignedIn={passkeySignedIn}
            onBack={() => setStep('password')}
          />
        </Suspense>
      ) : (
        // The step's words come with its form, so the step shows whole at once.
        <Suspense fallback={STEP_LOADING}>
          <h1 className="text-center text-2xl font-bold text-ink">Two-Factor Authentication</h1>
          <p className="mt-2 mb-6 text-center text-muted">
            {recovery ? 'Enter one of your recovery codes' : CODE_PROMPTS[method ?? 'unknown']}
          </p>
          <CodeForm
            key={codeAttempt}
            isVerifying={verify.isPending || recover.isPending || busy}
            isResending={login.isPending}
            canResend={method === 'email'}
            canRecover={method === 'totp'}
            recovery={recovery}
            onRecoveryChange={setRecovery}
            onVerify={verifyCode}
            onRecover={useRecovery}
            onResend={resendCode}
            onBack={backToPassword}
          />
        </Suspense>
      )}
    </Card>
  );
}
