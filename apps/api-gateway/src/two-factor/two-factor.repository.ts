import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { refusingDuplicates } from '../common/duplicate-key';

/** A user's TOTP authenticator: the sealed secret, whether it is confirmed, the last step a code was used for. */
export interface TotpRecord {
  secretEnc: Uint8Array;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

/** A passkey as the server verifies it. */
export interface PasskeyRecord {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A live challenge found by its hash. */
export interface ChallengeRecord {
  id: string;
  kind: string;
  userId: string | null;
  webauthnChallenge: string | null;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

const passkey = (row: {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: bigint;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): PasskeyRecord => ({ ...row, counter: Number(row.counter) });

/** The tables of the second factors (totp_factors, recovery_codes, passkeys, sign_in_challenges; owner: api-gateway). */
@Injectable()
export class TwoFactorRepository {
  constructor(private readonly prisma: PrismaService) {}

  async totp(userId: string): Promise<TotpRecord | null> {
    const row = await this.prisma.totpFactor.findUnique({ where: { userId } });
    return row
      ? {
          secretEnc: row.secretEnc,
          confirmedAt: row.confirmedAt,
          lastUsedStep: row.lastUsedStep === null ? null : Number(row.lastUsedStep),
        }
      : null;
  }

  /** Starts (or restarts) an enrolment: a pending secret, unless a confirmed one exists (then nothing changes). */
  async startTotp(userId: string, secretEnc: Uint8Array): Promise<boolean> {
    const changed = await this.prisma.$executeRaw`
      INSERT INTO totp_factors (user_id, secret_enc) VALUES (${userId}::uuid, ${Buffer.from(secretEnc)})
      ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, created_at = now(), last_used_step = NULL
      WHERE totp_factors.confirmed_at IS NULL`;
    return changed > 0;
  }

  /** Confirms the pending secret and replaces the recovery codes, in one transaction. */
  async confirmTotp(userId: string, step: number, at: Date, codeHashes: string[]): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.totpFactor.updateMany({
        where: { userId, confirmedAt: null },
        data: { confirmedAt: at, lastUsedStep: BigInt(step) },
      });
      if (count === 0) return false;
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await tx.recoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) });
      return true;
    });
  }

  /** Records a used step, only if it is later than the last one (two parallel requests: one wins). */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const changed = await this.prisma.$executeRaw`
      UPDATE totp_factors SET last_used_step = ${BigInt(step)}
      WHERE user_id = ${userId}::uuid AND confirmed_at IS NOT NULL
        AND (last_used_step IS NULL OR last_used_step < ${BigInt(step)})`;
    return changed > 0;
  }

  /** Removes the authenticator and the recovery codes. */
  async deleteTotp(userId: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.totpFactor.deleteMany({ where: { userId } });
      await tx.recoveryCode.deleteMany({ where: { userId } });
      return count > 0;
    });
  }

  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.recoveryCode.deleteMany({ where: { userId } }),
      this.prisma.recoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) }),
    ]);
  }

  /** Marks an unused code used; false when it is unknown or already used. */
  async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.recoveryCode.updateMany({
      where: { userId, codeHash, usedAt: null },
      data: { usedAt: at },
    });
    return count > 0;
  }

  unusedRecoveryCodes(userId: string): Promise<number> {
    return this.prisma.recoveryCode.count({ where: { userId, usedAt: null } });
  }

  async passkeys(userId: string): Promise<PasskeyRecord[]> {
    const rows = await this.prisma.passkey.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
    return rows.map(passkey);
  }

  async passkeyByCredential(credentialId: string): Promise<PasskeyRecord | null> {
    const row = await this.prisma.passkey.findUnique({ where: { credentialId } });
    return row ? passkey(row) : null;
  }

  async addPasskey(input: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
  }): Promise<PasskeyRecord> {
    // The same credential twice: DuplicateKeyError.
    const row = await refusingDuplicates(() =>
      this.prisma.passkey.create({
        data: { ...input, publicKey: new Uint8Array(input.publicKey), counter: BigInt(input.counter) },
      }),
    );
    return passkey(row);
  }

  /** Stores the authenticator's new counter, only if it is still the one verified against (no parallel reuse). */
  async usePasskey(id: string, previousCounter: number, counter: number, at: Date): Promise<boolean> {
    const { count } = await this.prisma.passkey.updateMany({
      where: { id, counter: BigInt(previousCounter) },
      data: { counter: BigInt(counter), lastUsedAt: at },
    });
    return count > 0;
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyRecord | null> {
    const { count } = await this.prisma.passkey.updateMany({ where: { id, userId }, data: { name } });
    if (count === 0) return null;
    const row = await this.prisma.passkey.findUnique({ where: { id } });
    return row ? passkey(row) : null;
  }

  async deletePasskey(userId: string, id: string): Promise<PasskeyRecord | null> {
    const row = await this.prisma.passkey.findFirst({ where: { id, userId } });
    if (!row) return null;
    await this.prisma.passkey.deleteMany({ where: { id, userId } });
    return passkey(row);
  }

  /** Whether the user has a confirmed TOTP authenticator or a passkey. */
  async factorsOf(userId: string): Promise<{ totp: boolean; passkeys: number }> {
    const [totp, passkeys] = await Promise.all([
      this.prisma.totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
      this.prisma.passkey.count({ where: { userId } }),
    ]);
    return { totp: totp > 0, passkeys };
  }

  createChallenge(input: {
    kind: string;
    tokenHash: string;
    userId: string | null;
    webauthnChallenge: string | null;
    expiresAt: Date;
  }): Promise<{ id: string }> {
    return this.prisma.signInChallenge.create({ data: input, select: { id: true } });
  }

  challenge(tokenHash: string): Promise<ChallengeRecord | null> {
    return this.prisma.signInChallenge.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        kind: true,
        userId: true,
        webauthnChallenge: true,
        attempts: true,
        expiresAt: true,
        usedAt: true,
      },
    });
  }

  /** Uses a challenge up: true for the one caller that did (a parallel second use gets false). */
  async consumeChallenge(id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.signInChallenge.updateMany({
      where: { id, usedAt: null, expiresAt: { gt: at } },
      data: { usedAt: at },
    });
    return count > 0;
  }

  /** Counts a wrong answer; the challenge is used up at `maxAttempts`. Returns the attempts so far. */
  async failChallenge(id: string, maxAttempts: number, at: Date): Promise<number> {
    const rows = await this.prisma.$queryRaw<{ attempts: number }[]>`
      UPDATE sign_in_challenges SET attempts = attempts + 1,
        used_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN ${at} ELSE used_at END
      WHERE id = ${id}::uuid RETURNING attempts`;
    return rows[0]?.attempts ?? maxAttempts;
  }

  /** Drops challenges that expired more than a day ago (housekeeping, run now and then). */
  async pruneChallenges(before: Date): Promise<void> {
    await this.prisma.signInChallenge.deleteMany({ where: { expiresAt: { lt: before } } });
  }

  async requireTwoFactor(orgId: string): Promise<boolean> {
    const row = await this.prisma.organisation.findUnique({ where: { id: orgId }, select: { requireTwoFactor: true } });
    return row?.requireTwoFactor ?? false;
  }

  /** Whether the organisation's SSO set-up accepts its provider's multi-factor sign-in (no set-up: no). */
  async trustsIdpMfa(orgId: string): Promise<boolean> {
    const row = await this.prisma.ssoConfig.findUnique({ where: { orgId }, select: { trustIdpMfa: true } });
    return row?.trustIdpMfa ?? false;
  }

  async setRequireTwoFactor(orgId: string, value: boolean): Promise<void> {
    await this.prisma.organisation.update({ where: { id: orgId }, data: { requireTwoFactor: value } });
  }

  /** The organisations of the user that require two factors (for the Security page). */
  orgsRequiringTwoFactor(userId: string): Promise<{ id: string; name: string }[]> {
    return this.prisma.organisation.findMany({
      where: { requireTwoFactor: true, memberships: { some: { userId } } },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    });
  }

  userEmail(userId: string): Promise<{ email: string; name: string; passwordHash: string } | null> {
    return this.prisma.user.findUnique({
      where: { id: userId },
      select: { email: true, name: true, passwordHash: true },
    });
  }

  /** The user's personal organisation: where their own security events are logged. */
  async personalOrgId(userId: string): Promise<string | null> {
    const row = await this.prisma.organisation.findFirst({
      where: { personal: true, ownerUserId: userId },
      select: { id: true },
    });
    return row?.id ?? null;
  }

  /** A sign-in's user: e-mail (for the sign-in throttles) and whether the account is disabled. */
  signInUser(userId: string): Promise<{ email: string; disabledAt: Date | null } | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { email: true, disabledAt: true } });
  }
}
