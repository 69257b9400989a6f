// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeRedirect('/checkout?carId=1')).toBe('/checkout?carId=1');
    expect(safeRedirect('/operator/scheduler')).toBe('/operator/scheduler');
  });

  it('never sends anyone to another site', () => {
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
