import { EnvironmentOutlined, LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useId, useState } from 'react';
import { usePlaceSearch } from '../api/places';
import type { PlacePrediction } from '../api/types';
import styles from './vendor-application.module.css';
import { useDebounced } from './use-debounced';

const MIN_CHARS = 3;

/**
 * The public form's place search: suggestions from 3 characters, 300 ms after the last key,
 * each with its main and secondary text. A failed search shows no suggestions; the address
 * fields stay editable by hand.
 */
export function PlaceAutocomplete({ onPick }: { onPick: (prediction: PlacePrediction) => void }) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const search = usePlaceSearch(query, { minChars: MIN_CHARS });
  const results = query.length >= MIN_CHARS && !search.isError ? (search.data ?? []) : [];
  const loading = search.isFetching;
  const [open, setOpen] = useState(false);
  const listId = useId();

  const choose = (prediction: PlacePrediction) => {
    setText(prediction.description);
    setOpen(false);
    onPick(prediction);
  };

  return (
    <div className={styles.autocomplete}>
      <Input
        size="large"
        prefix={<SearchOutlined />}
        suffix={loading ? <LoadingOutlined /> : <span />}
        placeholder="Search for your business or address"
        role="combobox"
        aria-label="Search for your business or address"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={open && results.length > 0}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {open && results.length > 0 && (
        <ul className={styles.suggestions} id={listId} role="listbox" aria-label="Address suggestions">
          {results.map((prediction) => (
            <li key={prediction.place_id} role="option" aria-selected={false}>
              <button
                type="button"
                className={styles.suggestion}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(prediction)}
              >
                <EnvironmentOutlined className={styles.suggestionIcon} />
                <span>
                  <span className={styles.suggestionMain}>{prediction.structured_formatting.main_text}</span>
                  <span className={styles.suggestionSecondary}>{prediction.structured_formatting.secondary_text}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
