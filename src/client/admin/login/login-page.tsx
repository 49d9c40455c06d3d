import { Suspense, lazy, use, useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { REDIRECT_WHEN_AUTHENTICATED_MS } from '#shared/constants';
import type { AdminCheck } from '../session/auth-check';
import { CheckingAuthentication } from '../session/auth-status';
import { recordedLoad } from '#client/lib/code-loads';
import { useSiteBrand } from '#client/lib/site-brand';
import { Logo } from '#client/ui/logo';
import { focusRing, touchTarget } from '#shared/ui-styles';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { Card, returnLinkClass } from '../ui/card';
import { afterSignIn, useDelayedNavigate } from '../session/session';
import { useDocumentTitle } from '../ui/use-document-title';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordForm } from './password-form';
import { useLoginSteps } from './use-login-steps';
import { inlineLinkClass } from '../password-reset/reset-frame';

/** The names under which the later steps' code loads are recorded (client/lib/code-loads.ts). */
export const CODE_FORM = 'login-code-form';
export const PASSKEY_STEP = 'login-passkey-step';

/**
 * The steps after the password load when reached: with react-aria's buttons and the code
 * boxes they would weigh on every visit's first load (docs/performance.md, "The sign-in
 * page's first load").
 */
const CodeForm = lazy(
  recordedLoad(CODE_FORM, () => import('./code-form').then((m) => ({ default: m.CodeForm }))),
);
const PasskeyStep = lazy(
  recordedLoad(PASSKEY_STEP, () =>
    import('./passkey-step').then((m) => ({ default: m.PasskeyStep })),
  ),
);

/** Where a later step stands while its code arrives (a moment, once per visit). */
const STEP_LOADING = <div aria-busy="true" className="min-h-40" />;

const CODE_PROMPTS: Record<'email' | 'totp' | 'unknown', string> = {
  email: 'Enter the 6-digit verification code sent to your email',
  totp: 'Enter the 6-digit code from your authenticator app',
  unknown: 'Enter your 6-digit sign-in code',
};
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

/** Both sign-in steps (their state and calls: use-login-steps.ts). */
function LoginCard({ auth }: { auth: AdminCheck }) {
  const steps = useLoginSteps(auth);
  return (
    <Card className="w-full max-w-md">
      {steps.step === 'password' ? (
        <>
          <h1 className="mb-6 text-center text-2xl font-bold text-ink">Admin Login</h1>
          <PasswordForm
            initialUsername={steps.username}
            isSubmitting={steps.login.isPending || steps.busy}
            onSubmit={(credentials) => steps.signIn(credentials, false)}
          />
          <p className="mt-3 text-center text-sm">
            <Link to="/admin/forgot-password" className={inlineLinkClass}>
              Forgot your password?
            </Link>
          </p>
          <PasskeySignIn
            isDisabled={steps.login.isPending || steps.busy}
            onSignedIn={steps.passkeySignedIn}
          />
        </>
      ) : steps.step === 'passkey' ? (
        <Suspense fallback={STEP_LOADING}>
          <PasskeyStep
            isDisabled={steps.busy}
            onSignedIn={steps.passkeySignedIn}
            onBack={() => steps.setStep('password')}
          />
        </Suspense>
      ) : (
        // The step's words come with its form, so the step shows whole at once.
        <Suspense fallback={STEP_LOADING}>
          <h1 className="text-center text-2xl font-bold text-ink">Two-Factor Authentication</h1>
          <p className="mt-2 mb-6 text-center text-muted">
            {steps.recovery
              ? 'Enter one of your recovery codes'
              : CODE_PROMPTS[steps.method ?? 'unknown']}
          </p>
          <CodeForm
            key={steps.codeAttempt}
            isVerifying={steps.verify.isPending || steps.recover.isPending || steps.busy}
            isResending={steps.login.isPending}
            canResend={steps.method === 'email'}
            canRecover={steps.method === 'totp'}
            recovery={steps.recovery}
            onRecoveryChange={steps.setRecovery}
            onVerify={steps.verifyCode}
            onRecover={steps.useRecovery}
            onResend={steps.resendCode}
            onBack={steps.backToPassword}
          />
        </Suspense>
      )}
    </Card>
  );
}
