import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CertificateInfo } from '@roomcast/contract';
import { callKey, useCallQuery } from '../../../api/hooks';

/*
 * The certificate in use (`certificateinfo`), read once for the Certificate card and the ACME panel's status; a call
 * that answers the new one (upload, the box's own, an ACME order) puts it in its place at once.
 */

/** How often the ACME status is read while an order is under way (an order may take tens of seconds). */
export const ORDERING_POLL_MS = 2_000;

export function useCertificateInfo(opts: { silent?: boolean } = {}) {
  return useCallQuery('certificateinfo', {}, opts);
}

/** Shows a certificate a call answered as the one in use. */
export function useShowCertificate(): (info: CertificateInfo) => void {
  const queryClient = useQueryClient();
  return useCallback((info: CertificateInfo) => queryClient.setQueryData(callKey('certificateinfo', {}), info), [queryClient]);
}
