import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { generateImage, timeOfDay } from '../api/concierge';
import { TOPIC_ART } from '../art/bundled-art';
import type { MessageTopic } from './topics';
import styles from './session-chat.module.css';

/**
 * The illustration after a reply (spec, section 4): loading, then the worker's picture, or, when it
 * fails or is late, our own art for the topic with the badge 'Using enhanced image'. One picture
 * per topic for the page's session: the query is fresh forever and never retried.
 */
export function ImagePanel({ topic, place, sessionId }: { topic: MessageTopic; place?: string; sessionId: string }) {
  const [broken, setBroken] = useState(false);
  const image = useQuery({
    queryKey: ['/api/generate-image', topic],
    queryFn: () => generateImage({ category: topic, place, timeOfDay: timeOfDay(), sessionId }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  if (image.isPending) {
    return (
      <figure className={styles.imagePanel} aria-busy="true" data-state="loading">
        <div className={styles.imageLoading}>
          <span>Composing an illustration...</span>
        </div>
      </figure>
    );
  }
  const fallback = image.isError || broken;
  const art = fallback ? TOPIC_ART[topic] : { src: image.data, alt: `An illustration of your ${topic} request` };
  return (
    <figure className={styles.imagePanel} data-state={fallback ? 'fallback' : 'loaded'}>
      <img className={styles.image} src={art.src} alt={art.alt} onError={() => setBroken(true)} />
      {fallback && <figcaption className={styles.badge}>Using enhanced image</figcaption>}
    </figure>
  );
}
