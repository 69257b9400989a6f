import type { Location } from '@roam/contract/locations';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
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
}

/**
 * A Leaflet map of locations. Loaded as its own chunk (ARCHITECTURE §7). Markers are vector circles, not images, so
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
}: LocationsMapProps) {
  const container = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      center: [center.latitude, center.longitude],
      zoom,
      scrollWheelZoom: false,
    });
    L.tileLayer(tileUrl, {
      maxZoom: 18,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(instance);
    markers.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, [tileUrl, center.latitude, center.longitude, zoom]);

  useEffect(() => {
    const group = markers.current;
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
      marker.bindTooltip(selectLabel ? selectLabel(location) : location.name, { direction: 'top' });
      marker.on('click', () => onSelectRef.current?.(location));
      marker.addTo(group);
      // Vector markers are SVG paths: give each a name so it can be found and announced.
      const element = marker.getElement();
      if (element) {
        element.setAttribute('aria-label', location.name);
        element.setAttribute('data-location-id', location._id);
      }
    }
  }, [locations, selectedId, selectLabel]);

  return <section ref={container} className={`locations-map ${className ?? ''}`} aria-label={label} />;
}
