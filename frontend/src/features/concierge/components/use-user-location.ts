import { useEffect, useState } from 'react';
import { reverseGeocode, type UserLocation } from '../api/concierge';

/**
 * Where the member is (spec, section 9): one high-accuracy position, 5 s at most, never a cached
 * one; its place name from our server. Any failure (refused, unsupported, no name) is only logged,
 * and the chat goes on without a location.
 */
export function useUserLocation(enabled = true): UserLocation | null {
  const [location, setLocation] = useState<UserLocation | null>(null);

  useEffect(() => {
    if (!enabled) return;
    if (!('geolocation' in navigator)) {
      console.info('Geolocation is not supported by this browser');
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        reverseGeocode(coords.latitude, coords.longitude)
          .then(({ locationName }) => {
            if (live && locationName) {
              setLocation({ latitude: coords.latitude, longitude: coords.longitude, locationName });
            }
          })
          .catch((error: unknown) => console.warn('Reverse geocoding failed', error));
      },
      (error) => console.info('Geolocation unavailable:', error.message),
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    );
    return () => {
      live = false;
    };
  }, [enabled]);

  return location;
}
