import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('removes the password the spec puts in the check-password URL', () => {
    expect(redactUrl('/api/check-password/42/hunter2')).toBe('/api/check-password/42/[redacted]');
  });
  it('removes one-time tokens and reCAPTCHA tokens', () => {
    expect(redactUrl('/api/check-token/frontend/42/a%40b.c/secret-token')).toBe(
      '/api/check-token/frontend/42/a%40b.c/[redacted]',
    );
    expect(redactUrl('/api/verify-recaptcha/tok/1.2.3.4')).toBe('/api/verify-recaptcha/[redacted]/1.2.3.4');
    expect(redactUrl('/reset-password?u=1&token=abc&x=2')).toBe('/reset-password?u=1&token=[redacted]&x=2');
    // The screens the e-mailed links and the set-up link open (issue #26).
    expect(redactUrl('/activate?u=1&e=a%40b.c&t=abc')).toBe('/activate?u=1&e=a%40b.c&t=[redacted]');
    expect(redactUrl('/setup?t=abc')).toBe('/setup?t=[redacted]');
    expect(redactUrl('/api/setup/abc')).toBe('/api/setup/[redacted]');
    expect(redactUrl('/newsletter/confirm?t=secret')).toBe('/newsletter/confirm?t=[redacted]');
  });
  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/settings')).toBe('/api/settings');
  });
});
