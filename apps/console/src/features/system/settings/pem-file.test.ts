import { describe, expect, it } from 'vitest';
import { isPemText, PEM_MAX_BYTES, readPemFile } from './pem-file';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';

describe('a chosen certificate or key file', () => {
  it('is read as its PEM text', async () => {
    expect(await readPemFile(new Blob([PEM]))).toEqual({ text: PEM });
    expect(await readPemFile(new Blob(['-----BEGIN PRIVATE KEY-----\nMIGHAgEA\n-----END PRIVATE KEY-----\n']))).toHaveProperty('text');
  });

  it('is refused when it is not PEM (a DER file) or too large', async () => {
    expect(await readPemFile(new Blob([new Uint8Array([0x30, 0x82, 0x01, 0xb3, 0x30])]))).toEqual({ issue: 'notPem' });
    expect(await readPemFile(new Blob(['-----BEGIN CERTIFICATE-----\nno end']))).toEqual({ issue: 'notPem' });
    expect(await readPemFile(new Blob([PEM, 'x'.repeat(PEM_MAX_BYTES)]))).toEqual({ issue: 'tooLarge' });
  });

  it('tells PEM text from other text', () => {
    expect(isPemText(`junk before\n${PEM}`)).toBe(true);
    expect(isPemText('MIIBszCCAVmgAwIBAgIU')).toBe(false);
  });
});
