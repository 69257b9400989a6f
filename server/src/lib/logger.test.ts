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
  });
  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/settings')).toBe('/api/settings');
  });
});
