import type { Method } from './use-login-steps';
import type { ToastContentValue } from '#client/ui/toast';
import { errorMessage } from '../ui/errors';

/** The sign-in steps' notices (each replaces the earlier ones, see use-login-steps.ts). */
export const PASSKEY_NEXT: ToastContentValue = {
  title: 'Password accepted',
  description: 'Use your passkey to finish signing in',
};

export const PASSWORD_AGAIN: ToastContentValue = {
  title: 'Enter your password again',
  description: 'Signing in again sends a new verification code.',
};

const CODE_SENT = {
  title: 'Verification code sent',
  description: 'Please check your email for the 6-digit verification code',
} as const;

/** The password was right and a code is asked for: the app's, or the one just e-mailed. */
export function codeAsked(method: Method): ToastContentValue {
  return method === 'totp'
    ? {
        title: 'Password accepted',
        description: 'Enter the code your authenticator app shows',
      }
    : CODE_SENT;
}

export function welcome(username: string): ToastContentValue {
  return { title: 'Login successful', description: `Welcome back, ${username}!` };
}

export function loginRefused(resending: boolean, error: unknown): ToastContentValue {
  return {
    title: resending ? 'Could not send a new code' : 'Login failed',
    description: errorMessage(error),
    variant: 'destructive',
  };
}

/** A code was accepted; a recovery code's answer warns when few are left. */
export function verified(answer: object): ToastContentValue {
  const warning = 'warning' in answer && typeof answer.warning === 'string' ? answer.warning : null;
  return {
    title: 'Authentication successful',
    description: warning ?? 'You are now signed in.',
  };
}

export function verifyRefused(error: unknown): ToastContentValue {
  return {
    title: 'Verification failed',
    description: errorMessage(error),
    variant: 'destructive',
  };
}
