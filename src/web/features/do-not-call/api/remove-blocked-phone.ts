import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorBodySchema, errorMessages } from '../../../../core/errors.ts';
import { ApiError, connectionErrorMessage } from '../../../lib/api-client.ts';
import { blockedPhonesQueryKey } from './get-blocked-phones.ts';

/** DELETE answers 204 with no body, so it is sent here rather than through a JSON-reading call. */
export async function removeBlockedPhone(phone: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/do-not-call/${encodeURIComponent(phone)}`, {
      method: 'DELETE',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', connectionErrorMessage);
  }
  if (response.ok) return;
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  throw parsed.success
    ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
    : new ApiError(response.status, 'INTERNAL', errorMessages.INTERNAL);
}

export function useRemoveBlockedPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockedPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedPhonesQueryKey }),
  });
}
