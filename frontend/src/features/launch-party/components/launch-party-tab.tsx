import { Select, Steps, Tabs } from 'antd';
import { useState } from 'react';
import { useEvents } from '../api/launch-party';
import { EventsPanel } from './events-panel';
import { InvitationsPanel } from './invitations-panel';
import styles from './launch-party.module.css';
import { ResponsesPanel } from './responses-panel';

function GettingStarted() {
  return (
    <section className={styles.gettingStarted} aria-label="Getting Started">
      <h3 className={styles.gettingStartedTitle}>Getting Started</h3>
      <Steps
        size="small"
        current={-1}
        items={[
          { title: 'Create an event', description: 'Set the date, venue, capacity and ticket price.' },
          { title: 'Send invitations', description: 'Each guest receives a personal link by email.' },
          { title: 'Track responses', description: 'Follow RSVPs and payments as they arrive.' },
        ]}
      />
    </section>
  );
}

/** The 'Launch Party' admin tab: events, invitations and responses. */
export default function LaunchPartyTab() {
  const events = useEvents();
  const [tab, setTab] = useState('events');
  const [eventId, setEventId] = useState<number | undefined>(undefined);
  const list = events.data?.data ?? [];
  const selected = list.some((e) => e.id === eventId) ? eventId : undefined;

  const filter = (
    <label className={styles.filter}>
      <span>Filter by event</span>
      <Select
        aria-label="Filter by event"
        value={selected ?? 0}
        onChange={(value: number) => setEventId(value || undefined)}
        options={[{ value: 0, label: 'All Events' }, ...list.map((e) => ({ value: e.id, label: e.name }))]}
        popupMatchSelectWidth={false}
        style={{ minWidth: 220 }}
      />
    </label>
  );

  return (
    <div className={styles.tab}>
      <header className={styles.tabHeader}>
        <h2 className={`mf-display ${styles.tabTitle}`}>Launch Party Management</h2>
      </header>
      <GettingStarted />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'events', label: 'Events', children: <EventsPanel /> },
          {
            key: 'invitations',
            label: 'Invitations',
            children: (
              <>
                {filter}
                <InvitationsPanel events={list} eventId={selected} />
              </>
            ),
          },
          {
            key: 'responses',
            label: 'Responses',
            children: (
              <>
                {filter}
                <ResponsesPanel eventId={selected} />
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
