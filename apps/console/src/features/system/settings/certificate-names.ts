import { CERT_NAME } from '@roomcast/contract';

/*
 * The names of a certificate signing request (createcsr): typed as a list or as comma text, checked as the
 * contract's CERT_NAME does, and prefilled from the certificate in use.
 */

/** createcsr takes from 1 to this many names. */
export const CSR_NAMES_MAX = 20;

/** What keeps a list of names from being sent. */
export type NamesIssue = { kind: 'none' } | { kind: 'tooMany'; max: number } | { kind: 'invalid'; names: string[] };

/** The names typed: separated by commas, spaces or line breaks, in order, each once (DNS names do not mind case). */
export function splitNames(text: string): string[] {
  const names = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((n) => n.toLowerCase());
  return [...new Set(names)];
}

/** Why these names cannot be requested, or undefined when they can. */
export function namesIssue(names: readonly string[]): NamesIssue | undefined {
  if (names.length === 0) return { kind: 'none' };
  const invalid = names.filter((n) => !CERT_NAME.test(n));
  if (invalid.length) return { kind: 'invalid', names: invalid };
  if (names.length > CSR_NAMES_MAX) return { kind: 'tooMany', max: CSR_NAMES_MAX };
  return undefined;
}

/** Loopback names: only the box itself reaches them, and a CA does not sign them. */
const isLoopback = (name: string) => name === 'localhost' || /^127\./.test(name);

/**
 * The names to offer for a request: those of the certificate in use (`DNS:x`, `IP:y`, in its order) that a request
 * may carry (not IPv6, not loopback).
 */
export function requestNames(certNames: readonly string[]): string[] {
  const names = certNames.map((n) => n.replace(/^(?:DNS|IP):/, '').toLowerCase());
  return [...new Set(names)].filter((n) => CERT_NAME.test(n) && !isLoopback(n));
}
