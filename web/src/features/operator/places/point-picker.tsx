import L from 'leaflet';
import { useEffect, useRef } from 'react';
import 'leaflet/dist/leaflet.css';

interface PointPickerProps {
  latitude: number | null;
  longitude: number | null;
  onPick: (point: { latitude: number; longitude: number }) => void;
  label: string;
  tileUrl: string;
  center: { latitude: number; longitude: number; zoom: number };
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * A map where a click places the location (issue #24 item 3). The latitude and longitude fields beside it are the
 * keyboard's way to do the same, and the map follows them. Its own chunk with Leaflet, loaded by the editor only.
 */
export function PointPicker({ latitude, longitude, onPick, label, tileUrl, center }: PointPickerProps) {
  const container = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      center: [center.latitude, center.longitude],
      zoom: center.zoom,
      scrollWheelZoom: false,
    });
    L.tileLayer(tileUrl, { maxZoom: 18, attribution: '&copy; OpenStreetMap' }).addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) =>
      onPickRef.current({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
    );
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl, center.latitude, center.longitude, center.zoom]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || latitude === null || longitude === null) return;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return;
    marker.current ??= L.circleMarker([latitude, longitude], {
      radius: 10,
      color: '#111',
      weight: 2,
      fillColor: '#ffb300',
      fillOpacity: 1,
    }).addTo(instance);
    marker.current.setLatLng([latitude, longitude]);
    marker.current.getElement()?.setAttribute('data-picked', `${latitude},${longitude}`);
  }, [latitude, longitude]);

  return <section ref={container} className="admin-map" aria-label={label} data-testid="point-picker" />;
}
