/*
 * A certificate or key file chosen for uploadcertificate: read as text in the browser (the call takes PEM text, not
 * the file), and refused before it is sent when it is too large or not PEM (a DER .cer is binary).
 */

/** uploadcertificate takes at most 64 KiB of PEM in each field (the contract's certificate calls). */
export const PEM_MAX_BYTES = 64 * 1024;
/** What the file choosers offer. */
export const CERTIFICATE_FILE_TYPES = '.pem,.crt,.cer';
export const KEY_FILE_TYPES = '.pem,.key';

export type PemFileIssue = 'tooLarge' | 'notPem';

/** Whether a text holds a PEM block (`-----BEGIN ...-----`). */
export function isPemText(text: string): boolean {
  return /-----BEGIN [A-Z0-9 ]+-----[\s\S]+?-----END [A-Z0-9 ]+-----/.test(text);
}

/** The file's text, or why it cannot be used. */
export async function readPemFile(file: Blob): Promise<{ text: string } | { issue: PemFileIssue }> {
  if (file.size > PEM_MAX_BYTES) return { issue: 'tooLarge' };
  const text = await file.text();
  return isPemText(text) ? { text } : { issue: 'notPem' };
}
