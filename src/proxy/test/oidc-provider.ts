import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

/** What an account of the test provider says of itself. */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export const TEST_CLIENT = { id: 'studio', secret: 'the studio client secret, for tests' };

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, for the studio to
 * sign in at: its own sign-in and consent pages (devInteractions: any login name signs
 * in as the account of that name), one confidential client that must use PKCE. It
 * listens first, so that the studio can be started with its issuer URL; `configure`
 * then makes the provider once the studio's redirect URL is known (the studio discovers
 * the provider at its first sign-in).
 */
export class TestProvider {
  private provider: Provider | null = null;

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async listen(): Promise<TestProvider> {
    let self: TestProvider | null = null;
    const server = createServer((req, res) => {
      const provider = self?.provider;
      if (!provider) {
        res.writeHead(503).end('not configured');
        return;
      }
      void provider.callback()(req, res);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    self = new TestProvider(server, `http://127.0.0.1:${port}`);
    return self;
  }

  configure(redirectUri: string, accounts: Record<string, TestAccount>): this {
    this.provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: TEST_CLIENT.id,
          client_secret: TEST_CLIENT.secret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      claims: {
        openid: ['sub', 'groups'],
        email: ['email', 'email_verified'],
        profile: ['name'],
      },
      findAccount: (_ctx, sub) => {
        const account = accounts[sub];
        if (!account) return undefined;
        return { accountId: sub, claims: () => ({ sub, ...account }) };
      },
      cookies: { keys: ['a test provider cookie key'] },
      features: { devInteractions: { enabled: true } },
    });
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}
