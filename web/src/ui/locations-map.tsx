import type { Location } from '@roam/contract/locations';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import 'leaflet/dist/leaflet.css';
import './locations-map.css';

export interface LocationsMapProps {
  locations: readonly Location[];
  /** Accessible name of the map region. */
  label: string;
  tileUrl: string;
  center: { latitude: number; longitude: number };
  zoom: number;
  selectedId?: string | null;
  /** Choosing a marker selects that place (the form's place field is the keyboard way to do the same). */
  onSelect?: (location: Location) => void;
  /** Text of each marker's button-like tooltip, e.g. "Choose Paris". */
  selectLabel?: (location: Location) => string;
  className?: string;
  /** A click on the map itself answers its point (the admin places a location there). */
  onPick?: (point: { latitude: number; longitude: number }) => void;
}

/**
 * Leaflet writes a string tooltip as HTML: a place's name (an admin's or an imported CSV's words) goes in as an
 * element holding text, never as markup (second outside audit, item 6: `Pl<img src=x onerror=…>` ran for visitors).
 */
const textElement = (text: string) => {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
};

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * A Leaflet map of locations. Loaded as its own chunk (docs/architecture.md §7). Markers are vector circles, not images, so
 * they show even when the tile server cannot be reached.
 */
export function LocationsMap({
  locations,
  label,
  tileUrl,
  center,
  zoom,
  selectedId,
  onSelect,
  selectLabel,
  className,
  onPick,
}: LocationsMapProps) {
  const container = useRef<HTMLElement>(null);
  // The marker layer of the current map: a new map (another tile URL) gets its markers again.
  const [markers, setMarkers] = useState<L.LayerGroup | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  // The view the map opens on; later changes move the same map (the location editor's typed coordinates), so a
  // keystroke does not rebuild it.
  const view = useRef({ center, zoom });
  view.current = { center, zoom };
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectLabelRef = useRef(selectLabel);
  selectLabelRef.current = selectLabel;
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  // Leaflet's own controls speak English: their titles and the credit's tooltip come from the locale (#22 item 13).
  const { t } = useTranslation();
  const zoomInTitle = t('common.map.zoomIn');
  const zoomOutTitle = t('common.map.zoomOut');
  const libraryTitle = t('common.map.library');

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      center: [view.current.center.latitude, view.current.center.longitude],
      zoom: view.current.zoom,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: false,
    });
    L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(instance);
    L.control
      .attribution({ prefix: `<a href="https://leafletjs.com" title="${escapeAttribute(libraryTitle)}">Leaflet</a>` })
      .addTo(instance);
    L.tileLayer(tileUrl, {
      maxZoom: 18,
      // Sharp tiles on high-density phone screens (a 256 px tile drawn at 128 CSS px).
      detectRetina: true,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(instance);
    setMarkers(L.layerGroup().addTo(instance));
    setMap(instance);
    instance.on('click', (event: L.LeafletMouseEvent) =>
      onPickRef.current?.({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
    );
    return () => {
      instance.remove();
      setMarkers(null);
      setMap(null);
    };
  }, [tileUrl, zoomInTitle, zoomOutTitle, libraryTitle]);

  useEffect(() => {
    map?.setView([center.latitude, center.longitude], zoom);
  }, [map, center.latitude, center.longitude, zoom]);

  useEffect(() => {
    const group = markers;
    if (!group) return;
    group.clearLayers();
    for (const location of locations) {
      const selected = location._id === selectedId;
      const marker = L.circleMarker([location.latitude, location.longitude], {
        radius: selected ? 11 : 8,
        color: '#111',
        weight: 2,
        fillColor: selected ? '#111' : '#ffb300',
        fillOpacity: 1,
        className: `locations-map__marker${selected ? ' locations-map__marker--selected' : ''}`,
      });
      marker.bindTooltip(textElement(selectLabelRef.current?.(location) ?? location.name), { direction: 'top' });
      marker.on('click', () => onSelectRef.current?.(location));
      marker.addTo(group);
      // Vector markers are SVG paths: named images, so they can be found and announced.
      const element = marker.getElement();
      if (element) {
        element.setAttribute('role', 'img');
        element.setAttribute('aria-label', location.name);
        element.setAttribute('data-location-id', location._id);
      }
    }
  }, [markers, locations, selectedId]);

  return <section ref={container} className={`locations-map ${className ?? ''}`} aria-label={label} />;
}
