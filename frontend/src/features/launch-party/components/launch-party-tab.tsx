import { CloseOutlined } from '@ant-design/icons';
import { Button, Select, Steps, Tabs } from 'antd';
import { useState } from 'react';
import { useEvents } from '../api/launch-party';
import { EventsPanel } from './events-panel';
import { InvitationsPanel } from './invitations-panel';
import styles from './launch-party.module.css';
import { ResponsesPanel } from './responses-panel';

/** Remembers, in this browser, that the admin closed the guide. */
export const GUIDE_DISMISSED_KEY = 'mf.admin.launch-party.guide-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(GUIDE_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The first steps, for a house with no event yet; it folds away once an event exists, or when closed. */
function GettingStarted({ onDismiss }: { onDismiss: () => void }) {
  return (
    <section className={styles.gettingStarted} aria-labelledby="getting-started-title">
      <div className={styles.gettingStartedHead}>
        <h3 id="getting-started-title" className={styles.gettingStartedTitle}>
          Getting Started
        </h3>
        <Button type="text" size="small" icon={<CloseOutlined />} onClick={onDismiss} aria-label="Hide the guide" />
      </div>
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
  const [guideDismissed, setGuideDismissed] = useState(readDismissed);
  const list = events.data?.data ?? [];
  const showGuide = events.isSuccess && list.length === 0 && !guideDismissed;
  const dismissGuide = () => {
    setGuideDismissed(true);
    try {
      localStorage.setItem(GUIDE_DISMISSED_KEY, '1');
    } catch {
      // Storage refused (a private window): the guide stays closed for this visit only.
    }
  };
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
      {showGuide ? <GettingStarted onDismiss={dismissGuide} /> : null}
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
