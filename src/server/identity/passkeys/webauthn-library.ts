/**
 * @simplewebauthn/server, loaded at the first passkey ceremony instead of when the server
 * starts: with its helpers it takes about 0.25 s to load (docs/operations.md, "Start-up time"),
 * and a visitor's page never needs it.
 */
let loading: ReturnType<typeof load> | null = null;

async function load() {
  const [server, helpers] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return {
    generateAuthenticationOptions: server.generateAuthenticationOptions,
    generateRegistrationOptions: server.generateRegistrationOptions,
    verifyAuthenticationResponse: server.verifyAuthenticationResponse,
    verifyRegistrationResponse: server.verifyRegistrationResponse,
    isoBase64URL: helpers.isoBase64URL,
  };
}

export function webauthnLibrary(): ReturnType<typeof load> {
  loading ??= load();
  return loading;
}
