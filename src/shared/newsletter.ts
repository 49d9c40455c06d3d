import { z } from 'zod/mini';
import { emailField, honeypotField } from './validation';

export const subscribeInput = z.object({ email: emailField, website: honeypotField });
export type SubscribeInput = z.input<typeof subscribeInput>;
