import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

// Local stand-ins for the social sign-in providers, speaking their real protocols: a JWKS endpoint per OpenID
// provider (Google RS256, Apple ES256) and the Graph API's debug_token and /me (Facebook). Tokens are really signed;
// the server verifies them with its real code. For browser tests it also serves each provider's browser SDK as the
// page uses it (Google Identity Services, the Facebook JS SDK, Sign in with Apple JS): the "consent" hands the page a
// token for `nextProfile`, as the provider would after the person chose their account.

export type SocialClients = { google: string; apple: string; facebookAppId: string; facebookAppSecret: string };
export type Profile = { email: string; name: string };
type Keys = { privateKey: CryptoKey; jwk: object };
type FacebookToken = { is_valid: boolean; app_id: string; user_id: string; me: object };

async function keys(alg: 'RS256' | 'ES256', kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

function browserSdks(base: string) {
  const post = (path: string) =>
    `fetch(${JSON.stringify(base)} + ${JSON.stringify(path)}, { method: 'POST' }).then((r) => r.json())`;
  return {
    '/sdk/google.js': `window.google = { accounts: { id: {
  initialize(options) { this.options = options; },
  prompt() { ${post('/consent/google')}.then((answer) => this.options.callback({ credential: answer.token })); },
} } };`,
    '/sdk/facebook.js': `window.FB = {
  init() {},
  login(callback) { ${post('/consent/facebook')}.then((answer) => callback({ authResponse: { accessToken: answer.token } })); },
};`,
    '/sdk/apple.js': `window.AppleID = { auth: {
  init(options) { this.options = options; },
  signIn() { return ${post('/consent/apple')}.then((answer) => ({
    authorization: { id_token: answer.token },
    user: { name: { firstName: answer.firstName, lastName: answer.lastName } },
  })); },
} };`,
  };
}

export async function startFakeSocial(clients: SocialClients) {
  const google = await keys('RS256', 'google-1');
  const apple = await keys('ES256', 'apple-1');
  const facebookTokens = new Map<string, FacebookToken>();
  const state = { nextProfile: { email: 'someone@social.test', name: 'Sam Social' } as Profile };

  const googleToken = (
    claims: JWTPayload,
    options: { key?: Keys; exp?: string | number; aud?: string; iss?: string } = {},
  ) =>
    new SignJWT({ email_verified: true, name: 'Gina Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer(options.iss ?? 'https://accounts.google.com')
      .setAudience(options.aud ?? clients.google)
      .setSubject('google-user-1')
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '10m')
      .sign((options.key ?? google).privateKey);

  const appleToken = (claims: JWTPayload) =>
    new SignJWT({ email_verified: 'true', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'apple-1' })
      .setIssuer('https://appleid.apple.com')
      .setAudience(clients.apple)
      .setSubject('apple-user-1')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(apple.privateKey);

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };

  async function consent(provider: string, res: ServerResponse) {
    const { email, name } = state.nextProfile;
    res.setHeader('access-control-allow-origin', '*');
    if (provider === 'google') return json(res, 200, { token: await googleToken({ email, name }) });
    if (provider === 'apple') {
      // Apple's ID token carries no name; its JS hands the name to the page once, beside the token.
      const [firstName, ...rest] = name.split(' ');
      return json(res, 200, { token: await appleToken({ email }), firstName, lastName: rest.join(' ') });
    }
    const token = `fb-${randomUUID()}`;
    const id = String(facebookTokens.size + 100);
    facebookTokens.set(token, { is_valid: true, app_id: clients.facebookAppId, user_id: id, me: { id, name, email } });
    return json(res, 200, { token });
  }

  let sdks: Record<string, string> = {};
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const script = sdks[url.pathname];
    if (req.method === 'GET' && script) {
      res.setHeader('content-type', 'text/javascript');
      return res.end(script);
    }
    const consented = /^\/consent\/(google|apple|facebook)$/.exec(url.pathname);
    if (req.method === 'POST' && consented) return void consent(consented[1]!, res);
    if (url.pathname === '/google/certs') return json(res, 200, { keys: [google.jwk] });
    if (url.pathname === '/apple/keys') return json(res, 200, { keys: [apple.jwk] });
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${clients.facebookAppId}|${clients.facebookAppSecret}`) {
        return json(res, 400, { error: { message: 'Invalid OAuth access token.' } });
      }
      const known = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      const data = known
        ? { is_valid: known.is_valid, app_id: known.app_id, user_id: known.user_id }
        : { is_valid: false, error: { message: 'Invalid token' } };
      return json(res, 200, { data });
    }
    if (url.pathname === '/graph/me') {
      const known = facebookTokens.get(url.searchParams.get('access_token') ?? '');
      if (!known) return json(res, 401, { error: { message: 'Invalid token' } });
      return json(res, 200, known.me);
    }
    json(res, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sdks = browserSdks(base);

  return {
    base,
    /** The server's configuration for these providers. */
    env: {
      GOOGLE_CLIENT_ID: clients.google,
      GOOGLE_JWKS_URL: `${base}/google/certs`,
      GOOGLE_SDK_URL: `${base}/sdk/google.js`,
      APPLE_CLIENT_ID: clients.apple,
      APPLE_JWKS_URL: `${base}/apple/keys`,
      APPLE_SDK_URL: `${base}/sdk/apple.js`,
      FACEBOOK_APP_ID: clients.facebookAppId,
      FACEBOOK_APP_SECRET: clients.facebookAppSecret,
      FACEBOOK_GRAPH_URL: `${base}/graph`,
      FACEBOOK_SDK_URL: `${base}/sdk/facebook.js`,
    },
    state,
    facebookTokens,
    googleToken,
    appleToken,
    /** A key pair with Google's key id that is not Google's: for forged signatures. */
    strangerKeys: () => keys('RS256', 'google-1'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
