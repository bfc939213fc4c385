import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalOpenIdProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback, standing in for Google in tests: its
 * development sign-in page accepts any login; the login becomes the account's email
 * (`name@example.com`, or `name@gmail.example` when no domain is typed).
 */
export async function startLocalOpenIdProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  port?: number;
}): Promise<LocalOpenIdProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['local-openid-provider-test-key'] },
    async findAccount(_ctx, id) {
      const email = id.includes('@') ? id.toLowerCase() : `${id.toLowerCase()}@gmail.example`;
      const local = email.split('@')[0] ?? email;
      return {
        accountId: id,
        async claims() {
          return { sub: `google-${local}`, email, email_verified: true, name: local.charAt(0).toUpperCase() + local.slice(1) };
        },
      };
    },
  });
  // The development pages are plain HTTP on loopback.
  provider.proxy = true;
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
