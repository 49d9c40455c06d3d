/**
 * The answers of the `passkeys` procedures (the options are the WebAuthn JSON that @simplewebauthn/server makes), as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import type { AuthenticationExtensionsClientInputs } from '@simplewebauthn/server';
import { z } from 'zod/mini';

/** One passkey as the Account screen lists it (never its credential id or key). */
export const passkeySummaryOutput = z.strictObject({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type PasskeySummary = z.infer<typeof passkeySummaryOutput>;

const publicKeyCredentialRpEntityOutput = z.strictObject({
  id: z.optional(z.string()),
  name: z.string(),
});

const publicKeyCredentialUserEntityJSONOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
});

const publicKeyCredentialParametersOutput = z.strictObject({
  alg: z.number(),
  type: z.literal('public-key'),
});

const publicKeyCredentialDescriptorJSONOutput = z.strictObject({
  id: z.string(),
  transports: z.optional(z.array(z.string())),
  type: z.string(),
});

const authenticatorSelectionCriteriaOutput = z.strictObject({
  authenticatorAttachment: z.optional(z.enum(['cross-platform', 'platform'])),
  requireResidentKey: z.optional(z.boolean()),
  residentKey: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
  userVerification: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
});

/** The library's extension inputs as they are: no binary PRF inputs are asked for here. */
const authenticationExtensionsClientInputsOutput = z.custom<AuthenticationExtensionsClientInputs>(
  (value) => typeof value === 'object' && value !== null,
);

const publicKeyCredentialCreationOptionsJSONOutput = z.strictObject({
  rp: publicKeyCredentialRpEntityOutput,
  user: publicKeyCredentialUserEntityJSONOutput,
  challenge: z.string(),
  pubKeyCredParams: z.array(publicKeyCredentialParametersOutput),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(publicKeyCredentialDescriptorJSONOutput)),
  authenticatorSelection: z.optional(authenticatorSelectionCriteriaOutput),
  hints: z.optional(z.array(z.enum(['hybrid', 'security-key', 'client-device']))),
  attestation: z.optional(z.enum(['none', 'direct', 'enterprise', 'indirect'])),
  attestationFormats: z.optional(
    z.array(
      z.enum(['none', 'fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple']),
    ),
  ),
  extensions: z.optional(authenticationExtensionsClientInputsOutput),
});

const publicKeyCredentialRequestOptionsJSONOutput = z.strictObject({
  challenge: z.string(),
  timeout: z.optional(z.number()),
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(z.array(publicKeyCredentialDescriptorJSONOutput)),
  userVerification: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
  hints: z.optional(z.array(z.enum(['hybrid', 'security-key', 'client-device']))),
  extensions: z.optional(authenticationExtensionsClientInputsOutput),
});

export const outputs = {
  registrationOptions: z.strictObject({
    success: z.literal(true),
    options: publicKeyCredentialCreationOptionsJSONOutput,
  }),
  register: z.strictObject({ success: z.literal(true), passkey: passkeySummaryOutput }),
  rename: z.strictObject({ success: z.literal(true) }),
  remove: z.strictObject({ success: z.literal(true) }),
  proofOptions: z.strictObject({
    success: z.literal(true),
    options: publicKeyCredentialRequestOptionsJSONOutput,
  }),
  prove: z.strictObject({ success: z.literal(true) }),
  signInOptions: z.strictObject({
    success: z.literal(true),
    options: publicKeyCredentialRequestOptionsJSONOutput,
  }),
  signIn: z.strictObject({ success: z.literal(true) }),
};
