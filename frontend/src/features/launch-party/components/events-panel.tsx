import {
  CalendarOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useDeleteEvent, useEvents } from '../api/launch-party';
import { EmptyState } from '../../../lib/ui/empty-state';
import type { LaunchEvent } from '../api/types';
import { EventFormModal } from './event-form-modal';
import { formatEventDate, formatEventTime, formatEventType, formatPrice } from './format';
import styles from './launch-party.module.css';

const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  published: 'gold',
  completed: 'green',
  cancelled: 'red',
};

function EventCard({ event, onEdit }: { event: LaunchEvent; onEdit: () => void }) {
  const remove = useDeleteEvent();
  const { notification } = App.useApp();
  const [imageFailed, setImageFailed] = useState(false);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(event.id);
      notification.success({ title: 'Event deleted' });
    } catch (error) {
      notification.error({ title: 'Failed to delete event', description: (error as Error).message });
    }
  };

  return (
    <Card
      className={styles.eventCard}
      cover={
        event.imageUrl && !imageFailed ? (
          <img className={styles.eventImage} src={event.imageUrl} alt="" onError={() => setImageFailed(true)} />
        ) : (
          <div className={styles.eventPlaceholder} aria-hidden />
        )
      }
      actions={[
        <Button key="edit" type="text" icon={<EditOutlined />} onClick={onEdit}>
          Edit
        </Button>,
        <Popconfirm
          key="delete"
          title="Delete this event?"
          description="Its invitations and responses are deleted too. This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={confirmDelete}
        >
          <Button type="text" danger icon={<DeleteOutlined />}>
            Delete
          </Button>
        </Popconfirm>,
      ]}
    >
      <Tag color={STATUS_COLORS[event.status]} className={styles.statusBadge}>
        {event.status}
      </Tag>
      <h3 className={styles.eventName}>{event.name}</h3>
      <p className={styles.eventType}>{formatEventType(event.eventType)}</p>
      <ul className={styles.eventFacts}>
        <li>
          <CalendarOutlined /> {formatEventDate(event.date)} · {formatEventTime(event)}
        </li>
        <li>
          <EnvironmentOutlined /> {event.venue}, {event.city}, {event.state}
        </li>
        <li>
          <TeamOutlined /> {event.capacity} guests
        </li>
      </ul>
      <div className={styles.eventFooter}>
        <span className={styles.price}>{formatPrice(event.ticketPrice, event.currency)}</span>
        {event.dresscode ? <span className={styles.dresscode}>{event.dresscode}</span> : null}
      </div>
    </Card>
  );
}

/** 'Manage Events': the cards, the create/edit dialog and the delete confirmation. */
export function EventsPanel() {
  const events = useEvents();
  const [editing, setEditing] = useState<LaunchEvent | null>(null);
  const [open, setOpen] = useState(false);
  const list = events.data?.data ?? [];

  const openCreate = () => {
    setEditing(null);
    setOpen(true);
  };

  return (
    <section>
      <div className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>Manage Events</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
          Create Event
        </Button>
      </div>
      {events.isLoading ? (
        <div className={styles.center}>
          <Spin />
        </div>
      ) : events.isError ? (
        <EmptyState title={events.error.message} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No Events Yet"
          action={
            <Button type="primary" onClick={openCreate}>
              Create Your First Event
            </Button>
          }
        />
      ) : (
        <div className={styles.eventGrid}>
          {list.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              onEdit={() => {
                setEditing(event);
                setOpen(true);
              }}
            />
          ))}
        </div>
      )}
      <EventFormModal open={open} event={editing} onClose={() => setOpen(false)} />
    </section>
  );
}
