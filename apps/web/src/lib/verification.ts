import { useMutation } from '@tanstack/react-query';
import { client, unwrap } from './api/client';

/**
 * POST /api/v1/auth/verify-email/resend: a new verification mail for the signed-in user (the older link stops
 * working). Shared by the "check your mail" page and the banner of unverified accounts.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => unwrap(client.POST('/api/v1/auth/verify-email/resend', {})),
  });
}
