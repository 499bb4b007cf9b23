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
