import { formatDate } from '@maison/shared';
import { Select } from 'antd';
import type { DoorEvent } from '../api/check-in';
import styles from './check-in.module.css';

/** The event a name and its day, each on a line of its own: neither is cut on a phone. */
function EventLabel({ event }: { event: Pick<DoorEvent, 'name' | 'date'> }) {
  return (
    <span className={styles.eventOption}>
      <span className={styles.eventOptionName}>{event.name}</span>
      <span className={styles.eventOptionDate}>{formatDate(event.date, 'long')}</span>
    </span>
  );
}

/** Which of the published events the door checks guests in to. */
export function DoorEventSelect({
  events,
  value,
  onChange,
}: {
  events: DoorEvent[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const byId = new Map(events.map((event) => [event.id, event]));
  return (
    <Select
      className={styles.eventSelect}
      classNames={{ popup: { root: styles.eventPopup } }}
      value={value ?? undefined}
      aria-label="Event"
      onChange={onChange}
      options={events.map((event) => ({ value: event.id, label: `${event.name} · ${event.date}` }))}
      labelRender={({ value: id }) => {
        const event = byId.get(Number(id));
        return event ? <EventLabel event={event} /> : null;
      }}
      optionRender={({ value: id }) => {
        const event = byId.get(Number(id));
        return event ? <EventLabel event={event} /> : null;
      }}
    />
  );
}
