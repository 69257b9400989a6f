import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '#web/i18n/index';
import { PARIS } from '#web/test-fixtures';
import { LocationsMap } from './locations-map';

// The map's zoom buttons and its credit's tooltip were English in every language.

function renderMap(locations = [PARIS]) {
  render(
    <LocationsMap
      locations={locations}
      label="Carte"
      tileUrl="http://localhost/tiles/{z}/{x}/{y}.png"
      center={{ latitude: 48.85, longitude: 2.35 }}
      zoom={5}
    />,
  );
}

describe('LocationsMap', () => {
  beforeAll(() => initI18n('fr'));
  afterAll(async () => {
    cleanup();
    await changeLanguage('en', { save: false });
  });

  it("names its zoom buttons and its credit's tooltip in the interface language, and follows a switch", async () => {
    renderMap();
    expect(screen.getByRole('button', { name: 'Zoom avant' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom arrière' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Leaflet/ }).getAttribute('title')).toBe(
      'Une bibliothèque JavaScript pour les cartes interactives',
    );
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();

    await act(() => changeLanguage('de', { save: false }));
    expect(screen.getByRole('button', { name: 'Vergrößern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verkleinern' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Leaflet/ }).getAttribute('title')).toBe(
      'Eine JavaScript-Bibliothek für interaktive Karten',
    );
  });

  // The second outside audit, item 6: a place named `Pl<img src=x onerror=…>` ran its script for any visitor hovering
  // its marker (Leaflet writes a string tooltip as HTML). The tooltip is a text node.
  it('shows a place name in its tooltip as text, never as HTML', async () => {
    cleanup();
    const name = 'Pl<img src=x onerror="window.pwned=1">ace';
    renderMap([{ ...PARIS, name }]);
    const marker = document.querySelector(`[data-location-id="${PARIS._id}"]`)!;
    await act(async () => {
      marker.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    const tooltip = document.querySelector('.leaflet-tooltip');
    expect(tooltip?.textContent).toBe(name);
    expect(tooltip?.querySelector('img')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });
});
