import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS, inlineSettings } from './settings';

describe('inlineSettings', () => {
  afterEach(() => document.getElementById('roam-settings')?.remove());

  function inline(text: string) {
    const script = document.createElement('script');
    script.id = 'roam-settings';
    script.type = 'application/json';
    script.textContent = text;
    document.head.append(script);
  }

  it('reads the settings the server wrote into index.html', () => {
    const settings = { ...FALLBACK_SETTINGS, websiteName: 'Roam <test>', defaultLanguage: 'fr' as const };
    inline(JSON.stringify(settings).replaceAll('<', '\\u003c'));
    expect(inlineSettings()).toEqual(settings);
  });

  it('is undefined without the element (development) or with unreadable content, so the call is made', () => {
    expect(inlineSettings()).toBeUndefined();
    inline('{not json');
    expect(inlineSettings()).toBeUndefined();
  });
});
