/**
 * A geographic layer's features on a Leaflet map (its own chunk), drawn with the style being
 * edited; each move reports the box shown so the page reads the features inside it.
 */
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import { MAP_ZOOM } from '../../../schemas/constants.ts';
import { toLatLngBox, type BoundingBox } from '../jurisdictions/codes.ts';
import type { Feature, StyleConfig } from './resourcesApi.ts';
import { lookOf } from './styleConfig.ts';

export interface LayerMapProps {
  box: BoundingBox;
  features: Feature[];
  config: StyleConfig;
  tileUrl: string;
  onMove: (box: BoundingBox) => void;
}

/** Highest zoom the usual tile servers draw; Leaflet scales their tiles up to MAP_ZOOM.max. */
const MAX_NATIVE_ZOOM = 19;

function MoveReporter({ onMove }: { onMove: (box: BoundingBox) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const bounds = map.getBounds();
      onMove([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]);
    },
  });
  return null;
}

export default function LayerMap({ box, features, config, tileUrl, onMove }: LayerMapProps) {
  return (
    <MapContainer bounds={toLatLngBox(box)} minZoom={MAP_ZOOM.min} maxZoom={MAP_ZOOM.max} zoomSnap={0.25} style={{ height: 420, width: '100%' }} className="layer-map">
      <TileLayer url={tileUrl} maxZoom={MAP_ZOOM.max} maxNativeZoom={MAX_NATIVE_ZOOM} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
      <MoveReporter onMove={onMove} />
      {features.map((feature, index) => {
        if (feature.geometry?.type !== 'Point') return null;
        const [lon, lat] = feature.geometry.coordinates;
        const look = lookOf(config, feature.properties);
        return (
          <CircleMarker
            key={feature.id ?? index}
            center={[lat, lon]}
            radius={look.radius}
            pathOptions={{ color: look.color, fillColor: look.color, opacity: look.opacity, fillOpacity: look.opacity }}
          />
        );
      })}
    </MapContainer>
  );
}
