import { Injectable } from '@nestjs/common';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AuditService } from '../audit/audit.service';
import { AuthService, type ClientMeta } from '../auth/auth.service';
import { ApiError } from '../http/api-error';
import { PasskeysService } from './passkeys.service';
import { TwoFactorRepository } from './two-factor.repository';

/** Sign-in with a passkey alone (discoverable credential, user verification required): a session. */
@Injectable()
export class PasswordlessSignIn {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly repository: TwoFactorRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  options() {
    return this.passkeys.signInOptions();
  }

  async verify(response: AuthenticationResponseJSON, meta: ClientMeta) {
    const userId = await this.passkeys.verifySignIn(response);
    const user = await this.repository.signInUser(userId);
    if (!user || user.disabledAt)
      throw new ApiError('Unauthenticated', 'this account cannot sign in', 'Contact the platform operator.');
    const session = await this.auth.createSession(userId, meta);
    const orgId = await this.repository.personalOrgId(userId);
    if (orgId) await this.audit.record({ userId, orgId }, 'sign_in.passkey', { type: 'user', id: userId });
    return session;
  }
}
