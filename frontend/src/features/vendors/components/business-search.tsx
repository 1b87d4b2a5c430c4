import { AimOutlined, EnvironmentOutlined, LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { usePlaceSearch } from '../api/places';
import type { PlacePrediction } from '../api/types';
import styles from './vendors.module.css';
import { useDebounced } from './use-debounced';

const GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 } as const;

/**
 * Step 1 of the vendor dialog: a business search with suggestions (300 ms debounce, 50 km around
 * the device's location when the admin shares it).
 */
export function BusinessSearch({ onPick, disabled }: { onPick: (prediction: PlacePrediction) => void; disabled?: boolean }) {
  const { notification } = App.useApp();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [location, setLocation] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const search = usePlaceSearch(query, { location });
  const searching = search.isFetching;
  // A failed search shows the toast and no suggestions (the server already falls back to local matches).
  const results = !query ? null : search.isError ? [] : (search.data ?? null);

  useEffect(() => {
    if (!search.isError) return;
    console.error(search.error);
    notification.error({ message: 'Search Error', description: 'Failed to search businesses' });
  }, [search.isError, search.error, notification]);

  const useMyLocation = () => {
    setLocationError(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setLocationError('Geolocation is not supported by your browser');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocation({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocationError('Unable to retrieve your location');
      },
      GEOLOCATION,
    );
  };

  return (
    <div className={styles.search}>
      <Input
        size="large"
        allowClear
        autoFocus
        disabled={disabled}
        prefix={<SearchOutlined />}
        suffix={searching ? <LoadingOutlined /> : <span />}
        placeholder="Search for a business by name or city"
        aria-label="Search for a business"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.locationRow}>
        <Button size="small" type="link" icon={<AimOutlined />} loading={locating} onClick={useMyLocation} disabled={disabled}>
          {location ? 'Using your location' : 'Use my location'}
        </Button>
        {locationError && (
          <Typography.Text type="danger" className={styles.inlineError} role="alert">
            {locationError}
          </Typography.Text>
        )}
      </div>
      {results && (
        <div className={styles.resultList} role="listbox" aria-label="Business suggestions">
          {results.length === 0 && !searching ? (
            <p className={styles.noResults}>No results found. Try a different search term.</p>
          ) : (
            results.map((prediction) => (
              <button
                type="button"
                role="option"
                aria-selected={false}
                key={prediction.place_id}
                className={styles.result}
                onClick={() => onPick(prediction)}
                disabled={disabled}
              >
                <EnvironmentOutlined className={styles.resultIcon} />
                <span>
                  <span className={styles.resultMain}>{prediction.structured_formatting.main_text}</span>
                  <span className={styles.resultSecondary}>{prediction.structured_formatting.secondary_text}</span>
                </span>
              </button>
            ))
          )}
        </div>
      )}
    </div>
  );
}
