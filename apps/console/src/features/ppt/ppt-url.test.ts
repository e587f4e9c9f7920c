import { describe, expect, it } from 'vitest';
import { pptPageUrl } from './ppt-url';

describe('the slides page URL of the QR code', () => {
  const box = ['https://10.1.2.3:8443', 'https://roomcast.local:8443'];
  it('is the address the console is on when that is HTTPS', () => {
    expect(pptPageUrl({ protocol: 'https:', origin: 'https://room101.campus.example' }, box)).toBe(
      'https://room101.campus.example/ppt.html',
    );
  });
  it("is the box's first HTTPS address when the console is on plain HTTP (the box's own screen)", () => {
    expect(pptPageUrl({ protocol: 'http:', origin: 'http://127.0.0.1:8080' }, box)).toBe('https://10.1.2.3:8443/ppt.html');
  });
  it('falls back to where the console is while the addresses are unknown', () => {
    expect(pptPageUrl({ protocol: 'http:', origin: 'http://127.0.0.1:8080' }, undefined)).toBe('http://127.0.0.1:8080/ppt.html');
    expect(pptPageUrl({ protocol: 'http:', origin: 'http://127.0.0.1:8080' }, [])).toBe('http://127.0.0.1:8080/ppt.html');
  });
});
