import type { ReceivedEmail, SmtpReceiver } from './smtp-receiver';

/** Whether a mail is the confirmation mail alerting sends a new e-mail recipient (to `address` when given). */
export function isConfirmationMail(m: ReceivedEmail, address?: string): boolean {
  return (
    m.headers['x-gsm-event'] === 'recipient-confirmation' &&
    (address === undefined || m.to.map((a) => a.toLowerCase()).includes(address.toLowerCase()))
  );
}

/** The token of a confirmation mail's link (`…/confirm-recipient#token=<token>`, or the code when there is no link). */
export function confirmationToken(m: ReceivedEmail): string {
  const found = /confirm-recipient#token=([\w-]+)/.exec(m.text) ?? /enter the code ([\w-]+)/.exec(m.text);
  if (!found) throw new Error(`no confirmation token in the mail ${JSON.stringify(m.subject)}`);
  return found[1]!;
}

/**
 * Confirms e-mail alert recipients as their owners would: waits for each address's confirmation mail on the loopback
 * SMTP receiver, takes the token of the newest one and posts it to `POST /api/v1/alert-recipients/confirm` of the
 * api-gateway at `apiBase` (no sign-in). Throws when a mail does not arrive or the API refuses the token.
 */
export async function confirmRecipients(
  smtp: SmtpReceiver,
  apiBase: string,
  addresses: readonly string[],
  timeoutMs = 15_000,
): Promise<void> {
  for (const address of addresses) {
    await smtp.waitForMessage((m) => isConfirmationMail(m, address), timeoutMs);
    const newest = smtp.messages.filter((m) => isConfirmationMail(m, address)).at(-1)!;
    const res = await fetch(`${apiBase}/api/v1/alert-recipients/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: confirmationToken(newest) }),
    });
    if (res.status !== 200) throw new Error(`confirming ${address} answered ${res.status}: ${await res.text()}`);
  }
}
