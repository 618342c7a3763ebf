/**
 * The Leaflet map of a jurisdiction's bounding box. Loaded on demand (its own chunk with
 * Leaflet and its style sheet): only the jurisdiction pages use it. Without tiles (offline) the
 * rectangle still shows where the box is.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { MapContainer, Rectangle, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { MAP_ZOOM } from '../../../schemas/constants.ts';
import { toLatLngBox, type BoundingBox } from './codes.ts';

export interface JurisdictionMapProps {
  /** The box to show, or null for the default region. */
  box: BoundingBox | null;
  /** The region shown when there is no box. */
  defaultBox: BoundingBox;
  tileUrl: string;
}

/** Highest zoom the usual tile servers draw; Leaflet scales their tiles up to MAP_ZOOM.max. */
const MAX_NATIVE_ZOOM = 19;

function FitToBox({ box }: { box: BoundingBox }) {
  const map = useMap();
  const key = box.join(',');
  useEffect(() => {
    // Without animation: a zoom animating when the page leaves (a save goes back to the list)
    // ends after Leaflet has removed its panes, and throws on them (reading '_leaflet_pos').
    const fit = () => {
      map.invalidateSize({ animate: false });
      map.fitBounds(toLatLngBox(box), { padding: [16, 16], animate: false });
    };
    fit();
    // A map drawn hidden (a closed tab) has no size: it fits again once it shows.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fit);
    observer.observe(map.getContainer());
    return () => observer.disconnect();
    // `key` stands for the box: refit only when its numbers change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

export default function JurisdictionMap({ box, defaultBox, tileUrl }: JurisdictionMapProps) {
  const shown = box ?? defaultBox;
  const translate = useTranslate();
  return (
    <MapContainer
      bounds={toLatLngBox(shown)}
      minZoom={MAP_ZOOM.min}
      maxZoom={MAP_ZOOM.max}
      zoomSnap={0.25}
      scrollWheelZoom={false}
      // Leaflet's zoom buttons are named in English: these are named in the app's language.
      zoomControl={false}
      // Leaflet's panes and controls stack up to z-index 1000: kept inside the map, under the
      // sticky save bar and menus of the page.
      style={{ height: 320, width: '100%', isolation: 'isolate' }}
      className="jurisdiction-map"
    >
      <TileLayer
        url={tileUrl}
        maxZoom={MAP_ZOOM.max}
        maxNativeZoom={MAX_NATIVE_ZOOM}
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
      />
      {box && <Rectangle bounds={toLatLngBox(box)} pathOptions={{ color: '#1565c0', weight: 2, fillOpacity: 0.1 }} />}
      <ZoomControl zoomInTitle={translate('publish.map.zoomIn')} zoomOutTitle={translate('publish.map.zoomOut')} />
      <FitToBox box={shown} />
    </MapContainer>
  );
}
