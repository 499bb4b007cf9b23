import { useMutation, useQuery } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { client, unwrap, type GetAnswer } from '../../lib/api/client';
import { keys, queryClient } from '../../lib/query';

/** GET /api/v1/me/two-factor and /api/v1/me/passkeys, GET /api/v1/org/security (generated from the API). */
export type TwoFactorStatus = GetAnswer<'/api/v1/me/two-factor'>;
export type Passkey = GetAnswer<'/api/v1/me/passkeys'>[number];
export type OrgSecurity = GetAnswer<'/api/v1/org/security'>;

/**
 * The Security page's server state: the user's factors and passkeys (theirs, in every organisation) and the
 * organisation's policy. Every write fetches again what it changed and the audit log.
 */
export const securityKeys = {
  status: ['security', 'status'] as const,
  passkeys: ['security', 'passkeys'] as const,
  policy: [...keys.settings, 'security'] as const,
};

const refresh = () =>
  Promise.all(
    [['security'], keys.settings].map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
  );

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: securityKeys.status, queryFn: () => unwrap(client.GET('/api/v1/me/two-factor')) });

export const usePasskeys = () =>
  useQuery({ queryKey: securityKeys.passkeys, queryFn: () => unwrap(client.GET('/api/v1/me/passkeys')) });

export const useOrgSecurity = (enabled: boolean) =>
  useQuery({
    queryKey: securityKeys.policy,
    queryFn: () => unwrap(client.GET('/api/v1/org/security')),
    enabled,
  });

export const useStartTotp = () => useMutation({ mutationFn: () => unwrap(client.POST('/api/v1/me/two-factor/totp')) });

export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (code: string) => unwrap(client.POST('/api/v1/me/two-factor/totp/confirm', { body: { code } })),
    onSuccess: refresh,
  });

export const useDisableTotp = () =>
  useMutation({
    mutationFn: (proof: { password?: string; code?: string }) =>
      unwrap(client.DELETE('/api/v1/me/two-factor/totp', { body: proof })),
    onSuccess: refresh,
  });

export const useRegenerateCodes = () =>
  useMutation({
    mutationFn: (code: string) => unwrap(client.POST('/api/v1/me/two-factor/recovery-codes', { body: { code } })),
    onSuccess: refresh,
  });

/** Registers a passkey: the server's options, the browser's ceremony (the device asks the user), the answer. */
export const useAddPasskey = () =>
  useMutation({
    mutationFn: async (name: string) => {
      const options = await unwrap(client.POST('/api/v1/me/passkeys/options'));
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return unwrap(client.POST('/api/v1/me/passkeys', { body: { response: response as never, name } }));
    },
    onSuccess: refresh,
  });

/** Renames a passkey (PATCH /api/v1/me/passkeys/{id}); the list is read again. */
export const useRenamePasskey = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      unwrap(client.PATCH('/api/v1/me/passkeys/{id}', { params: { path: { id } }, body: { name } })),
    onSuccess: refresh,
  });

export const useRemovePasskey = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/api/v1/me/passkeys/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });

export const useChangePolicy = () =>
  useMutation({
    mutationFn: (required: boolean) =>
      unwrap(client.PATCH('/api/v1/org/security', { body: { require_two_factor: required } })),
    onSuccess: refresh,
  });

/** The browser's answer to passkey sign-in options (passwordless, or a sign-in's second step). */
export function passkeyAnswer(options: unknown) {
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}
