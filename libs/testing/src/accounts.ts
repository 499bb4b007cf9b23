import { sql } from './fixtures';
import type { SmtpReceiver } from './receivers/smtp-receiver';

/** What sign-up used to answer (and what tests want): the new user and a signed-in session. */
export interface SignedUp {
  user: { id: string; email: string; name: string; created_at: string };
  token: string;
  expires_at: string;
}

async function post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * Signs up as a user does: POST /api/v1/auth/register (202, the same for a new and an existing e-mail), then
 * POST /api/v1/auth/login and GET /api/v1/me. Throws, with the API's answer, when a step fails.
 */
export async function signUpAndIn(
  baseUrl: string,
  email: string,
  password: string,
  name = 'Pioneer',
): Promise<SignedUp> {
  const registered = await post(`${baseUrl}/api/v1/auth/register`, { email, password, name });
  if (registered.status !== 202)
    throw new Error(`sign-up of ${email} answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const login = await post(`${baseUrl}/api/v1/auth/login`, { email, password });
  if (login.status !== 200)
    throw new Error(`sign-in of ${email} answered ${login.status}: ${JSON.stringify(login.body)}`);
  const token = login.body.token as string;
  const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
  const user = (await me.json()) as { id: string; email: string; name: string; created_at: string };
  if (me.status !== 200) throw new Error(`GET /api/v1/me after sign-in answered ${me.status}`);
  return {
    user: { id: user.id, email: user.email, name: user.name, created_at: user.created_at },
    token,
    expires_at: login.body.expires_at as string,
  };
}

/**
 * Marks an account's e-mail verified straight in the database, for tests that are NOT about verification but need
 * what only a verified account may do (API tokens, e-mail alert channels). Tests of verification follow the mail's
 * link instead ({@link verifyEmailByMail}).
 */
export async function markEmailVerified(databaseUrl: string, email: string): Promise<void> {
  const rows = await sql(
    databaseUrl,
    'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE email = $1 RETURNING id',
    [email.toLowerCase()],
  );
  if (rows.length !== 1) throw new Error(`markEmailVerified: no account with the e-mail ${email}`);
}

/** {@link signUpAndIn}, then {@link markEmailVerified}: an account that may create API tokens and e-mail channels. */
export async function signUpVerified(
  baseUrl: string,
  databaseUrl: string,
  email: string,
  password: string,
  name = 'Pioneer',
): Promise<SignedUp> {
  const signed = await signUpAndIn(baseUrl, email, password, name);
  await markEmailVerified(databaseUrl, email);
  return signed;
}

/** The token of an account mail's link (`...#token=<token>`), or of its code when the mail has no link. */
export function accountMailToken(text: string): string {
  const match = /#token=([\w%-]+)/.exec(text) ?? / — ([\w-]{20,})/.exec(text);
  if (!match) throw new Error(`no account link or code in the mail: ${text.slice(0, 200)}`);
  return decodeURIComponent(match[1]!);
}

/**
 * Verifies an account's e-mail as its user does: waits for the verification mail to `email` at the receiver,
 * takes the token from its link and posts it to POST /api/v1/auth/verify-email. Answers the token.
 */
export async function verifyEmailByMail(baseUrl: string, smtp: SmtpReceiver, email: string): Promise<string> {
  const mail = await smtp.waitForMessage(
    (m) => m.to.includes(email.toLowerCase()) && m.headers['x-gsm-event'] === 'email-verification',
    15_000,
  );
  const token = accountMailToken(mail.text);
  const answer = await post(`${baseUrl}/api/v1/auth/verify-email`, { token });
  if (answer.status !== 200)
    throw new Error(`verification of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return token;
}
